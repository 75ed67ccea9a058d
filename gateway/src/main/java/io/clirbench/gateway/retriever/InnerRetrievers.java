package io.clirbench.gateway.retriever;

import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.RetrieverId;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Provider;
import java.util.Map;
import java.util.Optional;

/** Runs the inner retrievers of a composed id through the registry and collects their lists. */
@ApplicationScoped
public class InnerRetrievers {

    // a Provider: the registry holds every Retriever bean, composed ones included
    private final Provider<RetrieverRegistry> registry;

    InnerRetrievers(Provider<RetrieverRegistry> registry) {
        this.registry = registry;
    }

    /** What makes {@code inner} impossible to run (no retriever of its kind, or that retriever's problem). */
    public Optional<String> problem(RetrieverId inner) {
        Optional<Retriever> r = registry.get().find(inner);
        if (r.isEmpty()) {
            return Optional.of("'" + inner.id() + "': no retriever of kind '" + inner.kind() + "'");
        }
        return r.get().problem(inner).map(p -> "'" + inner.id() + "': " + p);
    }

    /** {@code inner}'s list for every query, by query id. */
    public Map<String, RankedList> run(RetrieverId inner, RetrievalTask task) throws InterruptedException {
        CollectingTask collecting = CollectingTask.inner(task);
        registry.get().of(inner).retrieve(inner, collecting);
        return collecting.lists();
    }
}
