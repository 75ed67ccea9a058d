package io.clirbench.gateway.retriever;

import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import java.util.List;

/**
 * Searches the queries of a task in batches of {@code size} with one index call per batch, in order, and publishes each
 * ranked list with its share of the call's time: what the vector kinds (dense, sparse, maxsim) share.
 */
final class BatchedVectorSearch {

    /** One index call: the ranked lists of queries {@code from} (inclusive) to {@code to} (exclusive), {@code ids} theirs. */
    @FunctionalInterface
    interface BatchCall {
        List<RankedList> search(List<String> ids, int from, int to);
    }

    private BatchedVectorSearch() {
    }

    static void searchAndPublish(RetrievalTask task, List<Query> queries, int size, BatchCall call) throws InterruptedException {
        for (int from = 0; from < queries.size(); from += size) {
            task.checkCancelled();
            int to = Math.min(queries.size(), from + size);
            List<String> ids = queries.subList(from, to).stream().map(Query::id).toList();
            long t0 = System.nanoTime();
            List<RankedList> lists = call.search(ids, from, to);
            long micros = (System.nanoTime() - t0) / 1000 / (to - from);
            task.timed(RetrievalTask.Timed.SEARCH, t0);
            task.searchCall(to - from);
            task.queriesSearched(to - from);
            for (RankedList list : lists) {
                task.publish(list, micros);
            }
        }
    }
}
