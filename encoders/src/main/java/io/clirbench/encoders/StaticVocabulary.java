package io.clirbench.encoders;

import io.clirbench.core.distil.Segmenter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A static model's tokenization: {@link Segmenter}'s tokens (the ones its training used) looked up in the card's
 * {@code vocabulary} file (one token a line, line i = row i of the weights); unknown tokens are dropped, tokens
 * past {@code maxTokens} too when the card truncates.
 */
public final class StaticVocabulary implements Tokenization {

    private final ModelCard card;
    private final Map<String, Integer> ids;

    StaticVocabulary(ModelCard card, Map<String, Integer> ids) {
        this.card = card;
        this.ids = Map.copyOf(ids);
    }

    /** Reads the card's vocabulary file; a repeated token names the file and the line. */
    public static StaticVocabulary load(ModelCard card) {
        Map<String, Integer> ids = new HashMap<>();
        try (InputStream in = ModelFiles.open(card.vocabulary(), card.source());
             BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                Integer before = ids.putIfAbsent(line, ids.size());
                if (before != null) {
                    throw new ModelCardException(card.source() + ": field 'vocabulary' (" + card.vocabulary() + ") line "
                            + (ids.size() + 1) + ": token '" + line + "' repeats line " + (before + 1), null);
                }
            }
        } catch (IOException e) {
            throw new ModelCardException(card.source() + ": field 'vocabulary' (" + card.vocabulary() + ") cannot be read: " + e.getMessage(), e);
        }
        return new StaticVocabulary(card, ids);
    }

    public int size() {
        return ids.size();
    }

    @Override
    public TokenizedText tokenize(Role role, String text) {
        List<String> tokens = Segmenter.tokens(card.apply(role, text));
        long[] found = new long[tokens.size()];
        int n = 0;
        for (String token : tokens) {
            Integer id = ids.get(token);
            if (id != null) {
                found[n++] = id;
            }
        }
        boolean truncated = n > card.maxTokens();
        if (truncated && !card.truncate()) {
            throw new TextTokenizer.TextTooLongException(card.maxTokens());
        }
        long[] kept = java.util.Arrays.copyOf(found, Math.min(n, card.maxTokens()));
        return new TokenizedText(kept, new long[kept.length], truncated);
    }

    @Override
    public TokenizedText tokenizePair(String query, String document) {
        throw new UnsupportedOperationException("a static model embeds single texts; it scores no (query, document) pairs");
    }

    @Override
    public void close() {
    }
}
