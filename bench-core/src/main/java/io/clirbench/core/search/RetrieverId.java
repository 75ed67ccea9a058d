package io.clirbench.core.search;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The id of one retriever of a run, as a value: {@code bm25}, {@code MODEL/INDEX} and the other shipped kinds (see the
 * package documentation), or a kind a service registers.
 *
 * <p>Not sealed on purpose: a kind is a record implementing this interface plus a {@link RetrieverSyntax}
 * in a {@link RetrieverGrammar}, so a service can register a kind of its own without editing this type.
 * Implementations are value records whose {@code toString()} is {@link #id()}. What a caller needs to know about an id
 * (the encoders it needs, its file names, its inner retrievers) it asks the id; a composed kind answers from its
 * {@link #inputs()}, so the defaults here are right for it and for a kind without any.
 */
public interface RetrieverId {

    /** The canonical text of the id ({@code bm25}, {@code all-minilm-l6-v2/exact}); parsing it gives an equal id. */
    String id();

    /** The name of the kind ({@code bm25}, {@code dense}, ...): what a service dispatches on. */
    String kind();

    /** The retrievers this one is composed of, in the order given ({@code fuse}'s inputs, {@code rerank}'s first stage); none by default. */
    default List<RetrieverId> inputs() {
        return List.of();
    }

    /** The encoders (model ids) a run of this retriever needs embedders of, in order of appearance: its inputs' by default. */
    default Set<String> models() {
        Set<String> models = new LinkedHashSet<>();
        inputs().forEach(in -> models.addAll(in.models()));
        return models;
    }

    /**
     * Whether running it embeds the corpus (a dense index is filled, and the gateway counts embedded document and query
     * texts in its progress): whether one of its inputs does, by default.
     */
    default boolean embedsCorpus() {
        return inputs().stream().anyMatch(RetrieverId::embedsCorpus);
    }

    /** Whether it translates queries with lexicons (dictionaries must be fetched first): whether one of its inputs does, by default. */
    default boolean usesLexicons() {
        return inputs().stream().anyMatch(RetrieverId::usesLexicons);
    }

    /** The id as a file name: every character outside {@code [A-Za-z0-9._-]} becomes {@code _}. */
    default String fileName() {
        return fileNameOf(id());
    }

    /**
     * {@link #fileName()} of a canonical id text, for a process that holds the text only (the CLI, from the gateway's
     * answer): no parsing, every character outside {@code [A-Za-z0-9._-]} becomes {@code _}.
     */
    static String fileNameOf(String canonicalId) {
        return canonicalId.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** {@link #trecFile()} of a canonical id text: {@code runs/FILE_NAME.trec}, no parsing. */
    static String trecFileOf(String canonicalId) {
        return "runs/" + fileNameOf(canonicalId) + ".trec";
    }

    /** Where a report directory holds its TREC run: {@code runs/FILE_NAME.trec}. */
    default String trecFile() {
        return trecFileOf(id());
    }

    /** The facts of this id that cross process boundaries (REST, events.v1), so no other process parses it again. */
    default TypedId typed() {
        return TypedId.of(this);
    }

    /** Whether this is the BM25 retriever. */
    default boolean isBm25() {
        return this instanceof Bm25Id;
    }

    /** Parses an id with the built-in grammar; throws {@link RetrieverIdException} naming the value and the forms. */
    static RetrieverId parse(String text) {
        return RetrieverGrammar.builtIn().parse(text);
    }

    /**
     * Parses an id that a gateway accepted, whatever its kind: the shipped kinds as {@link #parse}, any other text as an
     * {@link OpaqueId} (a kind registered in that gateway, whose grammar this process lacks). A malformed shipped kind
     * ({@code m/ivf}) still throws.
     */
    static RetrieverId parseAnyKind(String text) {
        return RetrieverGrammar.builtIn().orOpaque().parse(text);
    }

    /** The BM25 retriever ({@code bm25}). */
    static RetrieverId bm25() {
        return Bm25Id.INSTANCE;
    }

    /** A dense retriever: model {@code modelId} searched in an index of kind {@code kind}. */
    static RetrieverId dense(String modelId, IndexKind kind) {
        return new DenseId(modelId, kind);
    }
}
