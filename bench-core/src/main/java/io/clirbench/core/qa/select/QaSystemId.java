package io.clirbench.core.qa.select;

import io.clirbench.core.search.TypedId;
import java.util.List;
import java.util.Set;

/**
 * A QA system of a platform run as a value: {@code select:lexical} (bench-core's lexical baseline), {@code select:MODEL}
 * (an encoder of the platform as evidence selector) or {@code predictions:NAME} (an uploaded prediction file), or a
 * kind a service registers.
 *
 * <p>Not sealed on purpose, like {@link io.clirbench.core.search.RetrieverId}: a kind is a record implementing this
 * interface plus a {@link QaSystemSyntax} in a {@link QaSystemGrammar} (the gateway adds one bean that runs it).
 * Implementations are value records whose {@code toString()} is {@link #id()}.
 */
public interface QaSystemId {

    /** The kind of {@code select:lexical}: the gateway's port key. */
    String LEXICAL = LexicalSelectId.KIND;
    /** The kind of {@code select:MODEL}. */
    String ENCODER = EncoderSelectId.KIND;
    /** The kind of {@code predictions:NAME}. */
    String PREDICTIONS = PredictionsId.KIND;

    /** The canonical text ({@code select:lexical}, {@code select:MODEL}, {@code predictions:NAME}); parsing it gives an equal id. */
    String id();

    /** The name of the kind ({@link #LEXICAL}, {@link #ENCODER}, {@link #PREDICTIONS}, ...): what the gateway dispatches on. */
    String kind();

    /** The encoders (model ids) the system needs embedders of: none by default. */
    default Set<String> models() {
        return Set.of();
    }

    /** Whether running it embeds texts (its evidence sentences): whether it needs an encoder, by default. */
    default boolean embedsCorpus() {
        return !models().isEmpty();
    }

    /** The facts of this id that cross process boundaries (REST), so no other process parses it again. */
    default TypedId typed() {
        return new TypedId(id(), kind(), List.copyOf(models()), embedsCorpus());
    }

    /** A file-name form of the id ({@code select-all-minilm-l6-v2}), used for exported prediction files. */
    default String fileName() {
        return fileNameOf(id());
    }

    /** {@link #fileName()} of a canonical id text, for a process that holds the text only (no parsing: ':' becomes '-'). */
    static String fileNameOf(String canonicalId) {
        return canonicalId.replace(':', '-');
    }

    /** Parses an id with the built-in grammar; throws {@link QaSystemIdException} naming the value and the forms. */
    static QaSystemId parse(String text) {
        return QaSystemGrammar.builtIn().parse(text);
    }

    /** {@code select:lexical}. */
    static QaSystemId lexical() {
        return LexicalSelectId.INSTANCE;
    }

    /** {@code select:MODEL}: the encoder {@code modelId} as evidence selector. */
    static QaSystemId encoder(String modelId) {
        return new EncoderSelectId(modelId);
    }

    /** {@code predictions:NAME}: the uploaded prediction file {@code name}. */
    static QaSystemId predictions(String name) {
        return new PredictionsId(name);
    }
}
