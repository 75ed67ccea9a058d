package io.clirbench.eval.evaluation;

import io.clirbench.core.metrics.language.GoldSets;
import io.clirbench.core.metrics.language.QueryGold;
import io.clirbench.core.model.Dataset;
import java.util.HashMap;
import java.util.Map;

/**
 * A loaded dataset plus what scoring one query needs: the (family-expanded) grades of §1 and the
 * gold sets of §2, resolved once per dataset exactly as {@code RunEvaluator.forDataset} does.
 */
public record DatasetContext(Dataset dataset, Map<String, Map<String, Integer>> gradesByQuery,
                             Map<String, QueryGold> goldByQuery) {

    public static DatasetContext of(Dataset dataset) {
        GoldSets gold = GoldSets.resolve(dataset);
        Map<String, QueryGold> byQuery = new HashMap<>();
        gold.golds().forEach(g -> byQuery.put(g.query().id(), g));
        return new DatasetContext(dataset, gold.gradesByQuery(), Map.copyOf(byQuery));
    }
}
