package io.clirbench.core.eval;

import io.clirbench.core.metrics.StandardEvaluation;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.StandardResult;
import io.clirbench.core.metrics.language.GoldSets;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.metrics.language.QueryGold;
import io.clirbench.core.metrics.language.QueryOutcome;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.run.RankedList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A dataset with its judgements resolved once (the family-expanded grades of METRICS.md §1 and
 * the gold sets of §2, exactly as {@link RunEvaluator#forDataset} resolves them), scoring one
 * query's list at a time: the entry a service uses when results arrive one by one.
 */
public final class JudgedDataset {

    private final Dataset dataset;
    private final Map<String, Map<String, Integer>> gradesByQuery;
    private final Map<String, QueryGold> goldByQuery;
    private final StandardMeasures measures;
    private CorpusIds corpusIds;

    private JudgedDataset(Dataset dataset, GoldSets gold) {
        this.dataset = dataset;
        this.measures = ReportMeasures.forDataset(dataset.info());
        // bpref and Judged@k (a dataset's official measures may name them) read the documents judged non-relevant too
        this.gradesByQuery = measures.readsNonRelevant()
                ? io.clirbench.core.metrics.Judgments.gradesWithNonRelevant(gold.gradesByQuery(), dataset.qrels().asMap())
                : gold.gradesByQuery();
        Map<String, QueryGold> byQuery = new HashMap<>();
        gold.golds().forEach(g -> byQuery.put(g.query().id(), g));
        this.goldByQuery = Map.copyOf(byQuery);
    }

    /** Resolves the dataset's judgements. */
    public static JudgedDataset of(Dataset dataset) {
        return new JudgedDataset(dataset, GoldSets.resolve(dataset));
    }

    public Dataset dataset() {
        return dataset;
    }

    /** The corpus's ids and their indexes, built on first use: how stored lists name documents. */
    public synchronized CorpusIds corpusIds() {
        if (corpusIds == null) {
            corpusIds = CorpusIds.of(dataset.corpus());
        }
        return corpusIds;
    }

    /** The evaluator of whole runs on this dataset, with the report's measures ({@link ReportMeasures#forDataset}). */
    public RunEvaluator evaluator(LanguageMetricsConfig config, List<String> sliceKeys) {
        return RunEvaluator.forDataset(dataset, measures, config, sliceKeys);
    }

    /**
     * One query's values: the report's §1 measures on its grades (empty when the query is not
     * judged) and its first same/cross-language gold ranks of §2, censored at {@code depth}.
     */
    public QueryScore scoreQuery(RankedList list, int depth) {
        Map<String, Double> values = new LinkedHashMap<>();
        Map<String, Integer> grades = gradesByQuery.get(list.queryId());
        if (grades != null) {
            StandardEvaluation standard = new StandardEvaluation(measures, Map.of(list.queryId(), grades));
            standard.accept(list);
            StandardResult scored = standard.finish();
            double[] perQuery = scored.perQuery().get(list.queryId());
            for (int i = 0; i < perQuery.length; i++) {
                values.put(scored.measureNames().get(i), perQuery[i]);
            }
        }
        Integer firstSame = null;
        Integer firstCross = null;
        QueryGold gold = goldByQuery.get(list.queryId());
        if (gold != null) {
            QueryOutcome outcome = QueryOutcome.of(gold, list, depth);
            firstSame = rank(outcome.firstSame());
            firstCross = rank(outcome.firstCross());
        }
        return new QueryScore(values, firstSame, firstCross);
    }

    private static Integer rank(int rank) {
        return rank == QueryOutcome.NOT_RETRIEVED ? null : rank;
    }

    /**
     * @param values     §1 measure name to value (insertion order = the report's order); empty when unjudged
     * @param firstSame  rank of the first same-language gold document within the depth, or {@code null}
     * @param firstCross rank of the first cross-language gold document within the depth, or {@code null}
     */
    public record QueryScore(Map<String, Double> values, Integer firstSame, Integer firstCross) {
    }
}
