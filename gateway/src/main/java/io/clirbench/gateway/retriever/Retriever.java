package io.clirbench.gateway.retriever;

import io.clirbench.core.search.RetrieverId;
import java.util.Optional;

/** One kind of retriever: ranks the corpus for every query of a run (the port; one class per kind). */
public interface Retriever {

    /** The {@link RetrieverId#kind()} this class runs; the registry's key. */
    String kind();

    /**
     * What makes {@code id} impossible to run here (an unknown model), checked when a run is submitted,
     * before anything is stored; empty when it can run.
     */
    default Optional<String> problem(RetrieverId id) {
        return Optional.empty();
    }

    /**
     * The dictionary route of every (query language, document language) of {@code dataset} that {@code id} takes,
     * for the report (a translating retriever); empty for the others.
     */
    default java.util.List<io.clirbench.core.lexicon.Route> routes(RetrieverId id, io.clirbench.core.model.Dataset dataset) {
        return java.util.List.of();
    }

    /**
     * Retrieves the top {@code task.depth()} documents for every query of {@code task.dataset()}, hands each
     * list to {@link RetrievalTask#publish}, and reports its phases and counts through the task.
     *
     * @throws InterruptedException when the run is cancelled ({@link RetrievalTask#checkCancelled()})
     */
    void retrieve(RetrieverId id, RetrievalTask task) throws InterruptedException;
}
