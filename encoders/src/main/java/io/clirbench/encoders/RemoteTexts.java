package io.clirbench.encoders;

import java.nio.charset.StandardCharsets;

/**
 * A served model's tokenization: the card's template applied to the text ({@link ModelCard#apply}), which is sent as
 * it is; the token count that batches and the per-request budget are planned by is exact when the card names a
 * {@code tokenizer} (its {@code tokenizer.json}, special tokens included, cut at {@code maxTokens} like the server
 * does with truncation on) and otherwise estimated as the text's UTF-8 bytes / 4, rounded up (about 4 bytes a token
 * for English BPE/WordPiece vocabularies; more tokens per byte for CJK and fewer for Latin-script languages with long
 * words, so the estimate errs both ways and the endpoint's own limits stay the last word). Without a tokenizer no text
 * is refused here: with {@code "truncate": false} an over-long text is the endpoint's error to report.
 */
public final class RemoteTexts implements Tokenization {

    private final ModelCard card;
    private final TextTokenizer tokenizer;

    private RemoteTexts(ModelCard card, TextTokenizer tokenizer) {
        this.card = card;
        this.tokenizer = tokenizer;
    }

    /** With the card's {@code tokenizer} when it names one. */
    public static RemoteTexts load(ModelCard card) {
        return new RemoteTexts(card, card.tokenizer() == null ? null : TextTokenizer.load(card));
    }

    /** The estimate without a tokenizer: UTF-8 bytes / 4, rounded up, at least 1. */
    public static int estimatedTokens(String text) {
        int bytes = text.getBytes(StandardCharsets.UTF_8).length;
        return Math.max(1, (bytes + 3) / 4);
    }

    @Override
    public TokenizedText tokenize(Role role, String text) {
        String sent = card.apply(role, text);
        if (tokenizer != null) {
            TokenizedText counted = tokenizer.tokenize(role, text);
            return new TokenizedText(counted.ids(), counted.typeIds(), counted.truncated(), sent);
        }
        int estimate = estimatedTokens(sent);
        int kept = card.truncate() ? Math.min(estimate, card.maxTokens()) : estimate;
        return new TokenizedText(new long[kept], new long[kept], card.truncate() && estimate > card.maxTokens(), sent);
    }

    @Override
    public TokenizedText tokenizePair(String query, String document) {
        throw new UnsupportedOperationException("a served model (kind \"remote\") embeds single texts; it scores no pairs");
    }

    @Override
    public void close() {
        if (tokenizer != null) {
            tokenizer.close();
        }
    }
}
