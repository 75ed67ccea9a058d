package io.clirbench.gateway.retriever;

import io.clirbench.core.fusion.Fusion;
import io.clirbench.core.fusion.StrictScores;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.FuseId;
import io.clirbench.core.search.RetrieverId;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code fuse(METHOD[, option], A, B, ...)}: runs every input retriever (each at the run's depth), fuses the
 * lists of each query with bench-core {@link Fusion} (METRICS.md §6) and publishes the fused list, its
 * scores made strictly decreasing so that trec_eval's tie order cannot undo fusion's (document id ascending).
 */
@ApplicationScoped
public class FuseRetriever implements Retriever {

    private final InnerRetrievers inner;

    FuseRetriever(InnerRetrievers inner) {
        this.inner = inner;
    }

    @Override
    public String kind() {
        return FuseId.KIND;
    }

    @Override
    public Optional<String> problem(RetrieverId id) {
        for (RetrieverId in : ((FuseId) id).inputs()) {
            Optional<String> p = inner.problem(in);
            if (p.isPresent()) {
                return p;
            }
        }
        return Optional.empty();
    }

    @Override
    public void retrieve(RetrieverId id, RetrievalTask task) throws InterruptedException {
        FuseId fuse = (FuseId) id;
        List<Map<String, RankedList>> inputs = new ArrayList<>();
        for (RetrieverId in : fuse.inputs()) {
            inputs.add(inner.run(in, task));
        }
        task.phase(RetrieverPhase.SEARCHING);
        Fusion fusion = fuse.fusion(task.depth());
        for (Query q : task.dataset().queries()) {
            task.checkCancelled();
            long t0 = System.nanoTime();
            List<RankedList> lists = new ArrayList<>();
            for (Map<String, RankedList> in : inputs) {
                RankedList l = in.get(q.id());
                if (l != null) {
                    lists.add(l);
                }
            }
            RankedList fused = StrictScores.of(fusion.fuse(q.id(), lists));
            task.queriesSearched(1);
            task.publish(fused, (System.nanoTime() - t0) / 1000);
        }
    }
}
