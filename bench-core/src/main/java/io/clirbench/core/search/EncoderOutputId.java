package io.clirbench.core.search;

import java.util.Optional;
import java.util.function.Function;

/**
 * A retriever that searches one of an encoder's further outputs in its own index: {@link SparseId} ({@code MODEL/sparse})
 * and {@link MaxSimId} ({@code MODEL/maxsim}).
 */
public interface EncoderOutputId extends EncoderId {

    /** {@code MODEL/KIND}: the model id, then the kind name ({@code sparse}, {@code maxsim}). */
    @Override
    default String id() {
        return modelId() + "/" + kind();
    }

    /** {@code modelId} itself; {@code what} names the kind in the error when it is null or empty. */
    static String requireModel(String modelId, String what) {
        if (modelId == null || modelId.isEmpty()) {
            throw new IllegalArgumentException("a " + what + " retriever needs a model id");
        }
        return modelId;
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
