package io.clirbench.encoders;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;

/**
 * Turns texts into token ids the way the card says: role template, lower-casing, special
 * tokens, truncation at {@code maxTokens}. Padding is the batch's business, not the tokenizer's.
 */
public final class TextTokenizer implements Tokenization {

    private final ModelCard card;
    private final HuggingFaceTokenizer tokenizer;

    private TextTokenizer(ModelCard card, HuggingFaceTokenizer tokenizer) {
        this.card = card;
        this.tokenizer = tokenizer;
    }

    /**
     * Loads the card's {@code tokenizer.json}. DJL caps {@code maxLength} at {@code modelMaxLength} (512 unless given),
     * so both are the card's {@code maxTokens}: an 8192-token model is cut at 8192, not 512.
     */
    public static TextTokenizer load(ModelCard card) {
        Map<String, String> options = Map.of(
                "padding", "false",
                "truncation", "true",
                "maxLength", Integer.toString(card.maxTokens()),
                "modelMaxLength", Integer.toString(card.maxTokens()),
                "addSpecialTokens", "true");
        try (InputStream in = ModelFiles.open(card.tokenizer(), card.source())) {
            return new TextTokenizer(card, HuggingFaceTokenizer.newInstance(in, options));
        } catch (IOException | RuntimeException e) {
            throw new ModelCardException(card.source() + ": field 'tokenizer' (" + card.tokenizer()
                    + ") cannot be loaded: " + e.getMessage(), e);
        }
    }

    /** Tokenizes one text for a role; throws {@link TextTooLongException} when the card forbids truncation. */
    public TokenizedText tokenize(Role role, String text) {
        return checked(tokenizer.encode(card.apply(role, text)));
    }

    /**
     * Tokenizes a (query, document) pair for a cross-encoder: the tokenizer's pair encoding of the query (query
     * template) and the document (document template), special tokens and type ids as the model was trained with;
     * over {@code maxTokens} the longer side is cut first.
     */
    public TokenizedText tokenizePair(String query, String document) {
        return checked(tokenizer.encode(card.apply(Role.QUERY, query), card.apply(Role.DOCUMENT, document)));
    }

    private TokenizedText checked(Encoding encoding) {
        boolean truncated = encoding.exceedMaxLength();
        if (truncated && !card.truncate()) {
            throw new TextTooLongException(card.maxTokens());
        }
        long[] mask = encoding.getSpecialTokenMask();
        boolean[] special = new boolean[mask.length];
        for (int i = 0; i < mask.length; i++) {
            special[i] = mask[i] != 0;
        }
        return new TokenizedText(encoding.getIds(), encoding.getTypeIds(), truncated, null, special);
    }

    @Override
    public void close() {
        tokenizer.close();
    }

    /** A text over {@code maxTokens} for a card with {@code "truncate": false}. */
    public static final class TextTooLongException extends RuntimeException {
        public TextTooLongException(int maxTokens) {
            super("text is longer than the model's " + maxTokens + " tokens and the model card forbids truncation");
        }
    }
}
