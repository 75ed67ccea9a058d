package io.clirbench.gateway.retriever;

import io.clirbench.core.run.RankedList;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.gateway.client.TextSearch;
import io.clirbench.proto.index.v1.LexicalChain;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Searches a run's text queries in batches of {@value #BATCH} (one SearchTextBatch call each, answered over the
 * index-service's cores) and publishes each answer while the next batch is being searched (issue 40: one call per query,
 * one query at a time, left the index-service's cores idle). A query's latency is its batch's time shared equally
 * among the batch's queries (the index-service answers a batch as a whole).
 */
final class BatchedTextSearch {

    /** Queries per call: enough to keep every search thread busy, small enough to publish (and cancel) often. */
    static final int BATCH = 64;

    private record Answer(List<RankedList> lists, long micros) {
    }

    private BatchedTextSearch() {
    }

    /** Searches {@code queries} in {@code collection} and publishes every list. */
    static void searchAndPublish(RetrievalTask task, IndexClient index, String collection, LexicalChain chain,
                                 List<TextSearch> queries) throws InterruptedException {
        int batches = (queries.size() + BATCH - 1) / BATCH;
        try (ExecutorService searches = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<Answer> next = batches == 0 ? null : searches.submit(search(task, index, collection, chain, batch(queries, 0)));
            for (int b = 0; b < batches; b++) {
                task.checkCancelled();
                Answer answer = await(next);
                next = b + 1 < batches
                        ? searches.submit(search(task, index, collection, chain, batch(queries, b + 1))) : null;
                long each = answer.micros() / Math.max(1, answer.lists().size());
                task.searchCall(answer.lists().size());
                for (RankedList list : answer.lists()) {
                    task.publish(list, each);
                }
                task.queriesSearched(answer.lists().size());
            }
        }
    }

    private static List<TextSearch> batch(List<TextSearch> queries, int b) {
        return queries.subList(b * BATCH, Math.min(queries.size(), (b + 1) * BATCH));
    }

    private static java.util.concurrent.Callable<Answer> search(RetrievalTask task, IndexClient index, String collection,
                                                               LexicalChain chain, List<TextSearch> batch) {
        return io.clirbench.gateway.client.CancellableWaits.inCurrentContext(() -> {
            long s0 = System.nanoTime();
            List<RankedList> lists = index.searchTexts(collection, batch, task.depth(), chain);
            task.timed(RetrievalTask.Timed.SEARCH, s0);
            return new Answer(lists, (System.nanoTime() - s0) / 1000);
        });
    }

    private static Answer await(Future<Answer> f) throws InterruptedException {
        try {
            return io.clirbench.gateway.client.CancellableWaits.get(f);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(e.getCause());
        }
    }
}
