package io.clirbench.core.search;

import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A retriever that searches one of an encoder's further outputs in its own index: {@link SparseId} ({@code MODEL/sparse})
 * and {@link MaxSimId} ({@code MODEL/maxsim}). Its one encoder is all it needs; it embeds the corpus.
 */
public interface EncoderOutputId extends ShippedId {

    /** The encoder's model id. */
    String modelId();

    @Override
    default Set<String> models() {
        return Set.of(modelId());
    }

    @Override
    default boolean embedsCorpus() {
        return true;
    }

    /**
     * Reads {@code MODEL/SUFFIX} ({@code suffix} in any letter case; the model id as written, its last {@code /} the
     * separator); empty for a text of another form (with {@code ( ) ,} or white space, or another suffix).
     */
    static Optional<RetrieverId> parse(String text, String suffix, RetrieverGrammar grammar, Function<String, RetrieverId> make) {
        int slash = text.lastIndexOf('/');
        if (slash < 0 || !text.substring(slash + 1).equalsIgnoreCase(suffix)
                || text.chars().anyMatch(c -> c == '(' || c == ')' || c == ',' || Character.isWhitespace(c))) {
            return Optional.empty();
        }
        String model = text.substring(0, slash);
        if (model.isEmpty()) {
            throw new RetrieverIdException(text, "the model id before '/' is empty", grammar.forms());
        }
        return Optional.of(make.apply(model));
    }
}
