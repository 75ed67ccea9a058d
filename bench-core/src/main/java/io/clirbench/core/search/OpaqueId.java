package io.clirbench.core.search;

import java.util.Objects;

/**
 * The id of a retriever whose kind this process has no grammar for: a kind registered in the gateway (a
 * {@link RetrieverSyntax} bean there) seen by the CLI or the eval-service, which run elsewhere. It keeps the text as
 * the gateway wrote it; its file name is derived from it as for every id; it names no encoder, embeds no corpus and
 * uses no lexicon as far as this process can tell. Only {@link RetrieverGrammar#orOpaque()} makes one.
 *
 * @param id the id as the gateway wrote it (not blank)
 */
public record OpaqueId(String id) implements RetrieverId {

    /** The kind name: a kind not known here. */
    public static final String KIND = "opaque";

    public OpaqueId {
        Objects.requireNonNull(id, "id");
        if (id.isBlank()) {
            throw new IllegalArgumentException("an opaque retriever id is not blank");
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String toString() {
        return id;
    }

    /** Every text none of the grammar's other forms recognised. */
    static RetrieverSyntax syntax() {
        return RetrieverSyntax.of("ID (a kind of the gateway's own)", (text, grammar) -> java.util.Optional.of(new OpaqueId(text)));
    }
}
