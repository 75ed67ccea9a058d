package io.clirbench.core.eval;

import io.clirbench.core.format.trec.JudgmentTable;
import io.clirbench.core.format.trec.RunScanner;
import io.clirbench.core.format.trec.ScannedList;
import io.clirbench.core.format.trec.TrecRunReader;
import io.clirbench.core.metrics.Judgments;
import io.clirbench.core.metrics.StandardEvaluation;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.language.GoldSets;
import io.clirbench.core.metrics.language.LanguageMetrics;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.metrics.language.QueryGold;
import io.clirbench.core.metrics.language.QueryOutcome;
import io.clirbench.core.metrics.language.Slices;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.run.PackedList;
import io.clirbench.core.run.RankedList;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * Evaluates TREC run files against a dataset (METRICS.md §1 and §2) or against bare qrels (§1 only).
 * A run is streamed once: each query's list feeds the §1 measures and is reduced to the ranks of
 * its gold documents, so memory follows one query's list plus the gold sets, not the run file.
 * A judged query the run has no list for scores 0 in §1 (trec_eval -c) and, in §2, has nothing
 * retrieved: it stays in every domain with its first ranks censored.
 */
public final class RunEvaluator {

    private final Dataset dataset;
    private final Judgments judgments;
    private final Map<String, QueryGold> goldByQuery;
    private final StandardMeasures measures;
    private final LanguageMetricsConfig config;
    private final List<String> sliceKeys;
    private final ScanTargets targets;

    private RunEvaluator(Dataset dataset, Judgments judgments, List<QueryGold> golds,
                         StandardMeasures measures, LanguageMetricsConfig config, List<String> sliceKeys) {
        this.dataset = dataset;
        this.judgments = judgments;
        this.goldByQuery = new LinkedHashMap<>();
        golds.forEach(g -> goldByQuery.put(g.query().id(), g));
        this.measures = measures;
        this.config = config;
        this.sliceKeys = List.copyOf(sliceKeys);
        this.targets = new ScanTargets(dataset, judgments, goldByQuery, measures.readsNonRelevant());
    }

    /** An evaluator of runs on a dataset: §1 on its (family-expanded) gold, §2, and the given slices. */
    public static RunEvaluator forDataset(Dataset dataset, StandardMeasures measures, LanguageMetricsConfig config,
                                          List<String> sliceKeys) {
        GoldSets gold = GoldSets.resolve(dataset);
        // bpref and Judged@k read the documents judged non-relevant, which the gold leaves out
        Judgments judgments = measures.readsNonRelevant()
                ? Judgments.withNonRelevant(gold.gradesByQuery(), dataset.qrels().asMap())
                : Judgments.of(gold.gradesByQuery());
        return new RunEvaluator(dataset, judgments, gold.golds(), measures, config, sliceKeys);
    }

    /** A trec_eval-like evaluator: §1 measures against bare qrels, no language metrics. */
    public static RunEvaluator forQrels(Qrels qrels, StandardMeasures measures, int depth) {
        // a qrels file read compactly is evaluated from its table: no map is built (423,237 judgments: 55 MiB of them)
        Judgments judgments = qrels.compact() instanceof JudgmentTable table ? table : Judgments.of(qrels.asMap());
        return new RunEvaluator(null, judgments, List.of(), measures, LanguageMetricsConfig.defaults(depth), List.of());
    }

    /** Evaluates one run file; {@code notices} receives reader notices (e.g. an unsorted file). */
    public RunEvaluation evaluate(String name, Path runFile, Consumer<String> notices) {
        return evaluate(name, runFile, notices, done -> { });
    }

    /**
     * As {@link #evaluate(String, Path, Consumer)}; {@code progress} gets the count of lists read after each one.
     * The file is read by the fast {@link RunScanner} when it can be, else (an error to report,
     * queries not contiguous, non-ASCII ids) by {@link TrecRunReader}: the same numbers either way.
     */
    public RunEvaluation evaluate(String name, Path runFile, Consumer<String> notices, LongConsumer progress) {
        return evaluate(name, runFile, notices, progress, null);
    }

    /**
     * As {@link #evaluate(String, Path, Consumer, LongConsumer)}; {@code ids} (null: none) also sees
     * every list, from the fast scanner or, when the file takes the checking reader, as a ranked list.
     */
    public RunEvaluation evaluate(String name, Path runFile, Consumer<String> notices, LongConsumer progress, IdCheck ids) {
        RunTally fast = new RunTally(progress);
        Consumer<ScannedList> sink = ids == null ? fast::accept : list -> {
            ids.accept(list);
            fast.accept(list);
        };
        if (new RunScanner(runFile).scan(targets::forQuery, dataset == null ? null : targets.corpus(), config.depth(), sink)) {
            return finish(name, runFile.toString(), fast);
        }
        if (ids != null) {
            ids.reset(); // the fast scan may have seen part of the file
        }
        Consumer<RankedList> observer = ids == null ? list -> { } : ids;
        return evaluate(name, runFile.toString(), lists -> new TrecRunReader(runFile).onNotice(notices)
                .forEachQuery(observer.andThen(lists)), progress);
    }

    /**
     * Evaluates ranked lists that do not come from a file (e.g. from query-result events). Each
     * list is taken in its given order; use {@link RankedList#inTrecOrder} for trec_eval's order.
     *
     * @param source where the lists come from, for the report (e.g. a run id and retriever id)
     */
    public RunEvaluation evaluate(String name, String source, Iterable<RankedList> lists) {
        return evaluate(name, source, lists::forEach, done -> { });
    }

    /**
     * Evaluates lists stored as {@link PackedList}, their documents as indexes into {@code corpus} (this dataset's
     * corpus): each is reduced to the ranks of its targets as the fast run scanner reduces a list of a run file, so
     * the numbers are those of {@code bench eval} on the same lines, and memory follows one list, not the run. Each
     * list is taken in its stored rank order (trec_eval's, as stored); the lists may come in any query order.
     *
     * @param lists called once with the sink that takes every list
     */
    public RunEvaluation evaluatePacked(String name, String source, CorpusIds corpus, Consumer<Consumer<PackedList>> lists) {
        if (dataset == null) {
            throw new IllegalStateException("packed lists name documents of a dataset's corpus: this evaluator has bare qrels");
        }
        RunTally tally = new RunTally(done -> { });
        lists.accept(list -> tally.accept(scanned(list, corpus)));
        return finish(name, source, tally);
    }

    /** What the run scanner reports of the same list read from a file (ScannedList's fields). */
    private ScannedList scanned(PackedList list, CorpusIds corpus) {
        ScanTargets.IndexedTargets found = targets.forQueryByIndex(list.queryId(), corpus);
        int[] documents = list.documents();
        int[] ranks = new int[Math.min(documents.length, found.size())];
        int[] values = new int[ranks.length];
        int hits = 0;
        int unknownInTop = 0;
        int unknownInList = 0;
        List<String> examples = new ArrayList<>(0);
        for (int i = 0; i < documents.length; i++) {
            int document = documents[i];
            if (document < 0) {
                unknownInList++;
                unknownInTop += i < config.depth() ? 1 : 0;
                if (examples.size() < ScannedList.EXAMPLES) {
                    examples.add(list.unknownIds()[-document - 1]);
                }
                continue;
            }
            int value = found.valueOf(document);
            if (value >= 0) {
                ranks[hits] = i + 1;
                values[hits++] = value;
            }
        }
        return new ScannedList(list.queryId(), documents.length, java.util.Arrays.copyOf(ranks, hits),
                java.util.Arrays.copyOf(values, hits), unknownInTop, unknownInList, List.copyOf(examples));
    }

    private RunEvaluation evaluate(String name, String source, Consumer<Consumer<RankedList>> lists, LongConsumer progress) {
        RunTally tally = new RunTally(progress);
        lists.accept(tally::accept);
        return finish(name, source, tally);
    }

    private RunEvaluation finish(String name, String source, RunTally tally) {
        var standardResult = tally.standard.finish();
        if (dataset == null) {
            return new RunEvaluation(new RunReport(name, source, standardResult, null, Map.of(),
                    (int) tally.runQueries, standardResult.ignoredRunQueries(), 0), List.of());
        }
        List<QueryOutcome> all = new ArrayList<>(goldByQuery.size());
        goldByQuery.forEach((id, gold) -> all.add(tally.outcomes.getOrDefault(id, QueryOutcome.of(gold, null, config.depth()))));
        RunReport report = new RunReport(name, source, standardResult, LanguageMetrics.compute(all, config),
                slices(all), (int) tally.runQueries, standardResult.ignoredRunQueries(), tally.unknownDocuments);
        return new RunEvaluation(report, List.copyOf(all));
    }

    /** The running totals of one run: its §1 evaluation, its §2 outcomes, the counts. */
    private final class RunTally {
        final StandardEvaluation standard = new StandardEvaluation(measures, judgments);
        final Map<String, QueryOutcome> outcomes = new LinkedHashMap<>();
        final LongConsumer progress;
        long runQueries;
        long unknownDocuments;

        RunTally(LongConsumer progress) {
            this.progress = progress;
        }

        void accept(RankedList list) {
            progress.accept(++runQueries);
            standard.accept(list);
            if (dataset != null) {
                unknownDocuments += unknownDocuments(list);
                QueryGold gold = goldByQuery.get(list.queryId());
                if (gold != null) {
                    outcomes.put(list.queryId(), QueryOutcome.of(gold, list, config.depth()));
                }
            }
        }

        void accept(ScannedList list) {
            progress.accept(++runQueries);
            QueryGold gold = goldByQuery.get(list.queryId());
            int[] grades = gold == null ? list.values() : gradesOf(gold, list.values());
            standard.accept(list.queryId(), list.size(), list.ranks(), grades);
            if (dataset != null) {
                unknownDocuments += list.unknownInTop();
                if (gold != null) {
                    ScannedList goldHits = withoutNonRelevant(list, gold);
                    outcomes.put(list.queryId(), QueryOutcome.ofRanks(gold, goldHits.ranks(), goldHits.values(), config.depth()));
                }
            }
        }

        /** The grades of the targets found: a gold index's grade, or 0 for a judged non-relevant target. */
        private static int[] gradesOf(QueryGold gold, int[] values) {
            int[] grades = new int[values.length];
            for (int i = 0; i < grades.length; i++) {
                grades[i] = values[i] == ScanTargets.nonRelevantValue(gold) ? 0 : gold.grades()[values[i]];
            }
            return grades;
        }

        /** The list's hits on gold documents only (§2 reads the gold; non-relevant targets exist only for bpref and Judged@k). */
        private static ScannedList withoutNonRelevant(ScannedList list, QueryGold gold) {
            int[] values = list.values();
            int[] ranks = list.ranks();
            int marker = ScanTargets.nonRelevantValue(gold);
            int kept = 0;
            for (int value : values) {
                kept += value == marker ? 0 : 1;
            }
            if (kept == values.length) {
                return list; // the usual case: no non-relevant targets (no bpref, no Judged@k)
            }
            int[] keptRanks = new int[kept];
            int[] keptValues = new int[kept];
            for (int i = 0, n = 0; i < values.length; i++) {
                if (values[i] != marker) {
                    keptRanks[n] = ranks[i];
                    keptValues[n++] = values[i];
                }
            }
            return new ScannedList(list.queryId(), list.size(), keptRanks, keptValues, list.unknownInTop(),
                    list.unknownInList(), list.unknownIds());
        }
    }

    private long unknownDocuments(RankedList list) {
        long unknown = 0;
        int cut = Math.min(config.depth(), list.size());
        for (int i = 0; i < cut; i++) {
            if (dataset.document(list.docIds()[i]) == null) {
                unknown++;
            }
        }
        return unknown;
    }

    private Map<String, Map<String, LanguageMetrics>> slices(List<QueryOutcome> all) {
        Map<String, Map<String, LanguageMetrics>> slices = new LinkedHashMap<>();
        for (String key : sliceKeys) {
            Map<String, LanguageMetrics> byValue = new LinkedHashMap<>();
            Slices.by(key, all).forEach((value, subset) -> byValue.put(value, LanguageMetrics.compute(subset, config)));
            slices.put(key, byValue);
        }
        return slices;
    }

    /** The number of judged queries (the §1 mean is over these). */
    public int judgedQueries() {
        return judgments.queryIds().size();
    }
}
