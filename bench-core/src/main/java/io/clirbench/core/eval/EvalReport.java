package io.clirbench.core.eval;

import java.util.List;

/**
 * The report of one {@code bench eval}: the setting and one {@link RunReport} per run.
 *
 * @param tool             {@code clirbench <version>}
 * @param dataset          the dataset's id, name, version and content hash; {@code null} in qrels-only mode
 * @param qrelsFile        the qrels file in qrels-only mode, else {@code null}
 * @param depth            retrieval depth N (censors §2 only)
 * @param seed             seed of every resampling
 * @param familyExpansion  whether gold sets were expanded to families
 * @param judgedQueries    queries in the qrels (the §1 mean is over these)
 * @param runs             one report per run, in the order given
 * @param statistics       intervals and tests (METRICS.md §3); {@code null} without a dataset or when turned off
 * @param translationRoutes for each dictionary-translation run ({@code translate(...)}), the route of every
 *                         (query language, document language) it searched: same, direct, pivot or none; empty
 *                         when no run translates (or the runs came from files)
 * @param failedRetrievers the retrievers of a distributed run that failed while the others went on (retriever id →
 *                         why), not among {@code runs}; empty (and left out of report.json) for a complete run
 * @param efficiency       per run name, what its retriever cost (index build time and size, embedding and search
 *                         throughput, latency percentiles; README "Efficiency"); empty (and left out of report.json)
 *                         when nothing was measured, as for {@code bench eval} of run files
 */
public record EvalReport(String tool, DatasetRef dataset, String qrelsFile, int depth, long seed,
                         boolean familyExpansion, int judgedQueries, List<RunReport> runs, StatisticsReport statistics,
                         java.util.Map<String, List<io.clirbench.core.lexicon.Route>> translationRoutes,
                         @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
                         java.util.Map<String, String> failedRetrievers,
                         @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_EMPTY)
                         java.util.Map<String, io.clirbench.core.efficiency.Efficiency> efficiency) {

    public EvalReport {
        efficiency = efficiency == null ? java.util.Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(efficiency));
        translationRoutes = translationRoutes == null ? java.util.Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(translationRoutes));
        failedRetrievers = failedRetrievers == null ? java.util.Map.of()
                : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(failedRetrievers));
    }

    /** A report of complete runs. */
    public EvalReport(String tool, DatasetRef dataset, String qrelsFile, int depth, long seed,
                      boolean familyExpansion, int judgedQueries, List<RunReport> runs, StatisticsReport statistics,
                      java.util.Map<String, List<io.clirbench.core.lexicon.Route>> translationRoutes) {
        this(tool, dataset, qrelsFile, depth, seed, familyExpansion, judgedQueries, runs, statistics, translationRoutes,
                java.util.Map.of(), java.util.Map.of());
    }

    /** This report naming the retrievers that failed (retriever id → why). */
    public EvalReport withFailedRetrievers(java.util.Map<String, String> failed) {
        return new EvalReport(tool, dataset, qrelsFile, depth, seed, familyExpansion, judgedQueries, runs, statistics,
                translationRoutes, failed, efficiency);
    }

    /** This report with what each run's retriever cost (run name → efficiency block). */
    public EvalReport withEfficiency(java.util.Map<String, io.clirbench.core.efficiency.Efficiency> byRun) {
        return new EvalReport(tool, dataset, qrelsFile, depth, seed, familyExpansion, judgedQueries, runs, statistics,
                translationRoutes, failedRetrievers, byRun);
    }

    /** A report without translation routes. */
    public EvalReport(String tool, DatasetRef dataset, String qrelsFile, int depth, long seed,
                      boolean familyExpansion, int judgedQueries, List<RunReport> runs, StatisticsReport statistics) {
        this(tool, dataset, qrelsFile, depth, seed, familyExpansion, judgedQueries, runs, statistics, java.util.Map.of());
    }

    /** This report with the routes of its translation runs (run name → routes). */
    public EvalReport withTranslationRoutes(java.util.Map<String, List<io.clirbench.core.lexicon.Route>> routes) {
        return new EvalReport(tool, dataset, qrelsFile, depth, seed, familyExpansion, judgedQueries, runs, statistics, routes,
                failedRetrievers, efficiency);
    }

    /** This report with the content hash ({@code sha256:<hex>}, {@code DatasetHash}) of the dataset it evaluated against. */
    public EvalReport withDatasetHash(String hash) {
        if (dataset == null) {
            return this;
        }
        DatasetRef ref = new DatasetRef(dataset.id(), dataset.name(), dataset.version(), dataset.license(),
                dataset.languages(), dataset.documents(), dataset.queries(), dataset.extra(), hash);
        return new EvalReport(tool, ref, qrelsFile, depth, seed, familyExpansion, judgedQueries, runs, statistics,
                translationRoutes, failedRetrievers, efficiency);
    }

    /** The intervals of one run's balanced means, or an empty map. */
    public java.util.Map<String, StatisticsReport.MetricInterval> intervals(String run) {
        return statistics == null ? java.util.Map.of() : statistics.intervals().getOrDefault(run, java.util.Map.of());
    }

    /**
     * Which dataset was evaluated against.
     *
     * @param hash the content hash of its files ({@code sha256:<hex>}, {@code io.clirbench.core.dataset.DatasetHash});
     *             {@code null} when not known
     */
    public record DatasetRef(String id, String name, String version, String license, List<String> languages,
                             int documents, int queries, java.util.Map<String, String> extra, String hash) {

        /** The reference to a dataset read from disk, without its hash (see {@link EvalReport#withDatasetHash}). */
        public static DatasetRef of(io.clirbench.core.model.Dataset dataset) {
            var info = dataset.info();
            return new DatasetRef(info.id(), info.name(), info.version(), info.license(), info.languages(),
                    dataset.corpus().size(), dataset.queries().size(), info.extra(), null);
        }
    }
}
