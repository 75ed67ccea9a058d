package io.clirbench.core.run;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The seeded random-ranking baseline: for every query, in dataset order, the first {@code depth}
 * documents of a uniformly random permutation of the corpus, scored {@code depth, depth−1, ..., 1}
 * (distinct scores, so trec_eval's order is the emitted order). It is the chance floor of a report.
 */
public final class RandomRun {

    private RandomRun() {
    }

    /**
     * Streams one list per query. One generator seeded with {@code seed} serves the queries in
     * dataset order (partial Fisher–Yates shuffle), so the same dataset and seed give the same run.
     */
    public static void generate(Dataset dataset, int depth, long seed, Consumer<RankedList> sink) {
        if (depth < 1) {
            throw new IllegalArgumentException("depth must be at least 1, got " + depth);
        }
        List<Document> corpus = dataset.corpus();
        String[] ids = corpus.stream().map(Document::id).toArray(String[]::new);
        int n = Math.min(depth, ids.length);
        SplittableRandom random = new SplittableRandom(seed);
        for (Query query : dataset.queries()) {
            String[] pool = ids.clone();
            String[] top = new String[n];
            double[] scores = new double[n];
            for (int i = 0; i < n; i++) {
                int j = i + random.nextInt(pool.length - i);
                String chosen = pool[j];
                pool[j] = pool[i];
                pool[i] = chosen;
                top[i] = chosen;
                scores[i] = n - i;
            }
            sink.accept(new RankedList(query.id(), top, scores));
        }
    }
}
