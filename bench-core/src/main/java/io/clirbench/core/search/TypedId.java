package io.clirbench.core.search;

import java.util.List;

/**
 * A parsed id as it crosses a process boundary (REST, and events.v1's {@code Retriever}): the canonical text, the kind a
 * service dispatches on, the encoders it needs, and whether running it embeds the corpus. A process that receives it
 * reads these facts instead of parsing the text again (it may lack the grammar of a kind the gateway registered).
 *
 * @param id           the canonical text ({@link RetrieverId#id()}, {@code QaSystemId.id()})
 * @param kind         the kind name ({@code bm25}, {@code dense}, {@code select-encoder}, ...)
 * @param models       the encoders (model ids) it needs embedders of, in order of appearance
 * @param embedsCorpus whether running it embeds documents (a progress bar shows an embedding phase)
 */
public record TypedId(String id, String kind, List<String> models, boolean embedsCorpus) {

    public TypedId {
        models = models == null ? List.of() : List.copyOf(models);
    }

    /** The facts of a retriever id. */
    public static TypedId of(RetrieverId id) {
        return new TypedId(id.id(), id.kind(), List.copyOf(id.models()), id.embedsCorpus());
    }
}
