package io.clirbench.core.metrics.language;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.LanguageTag;
import io.clirbench.core.model.Query;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Resolves the gold set {@code G(q)} of every judged query (METRICS.md §2 "Gold").
 *
 * <p>Without family expansion {@code G(q)} is the documents judged above 0. With it, every
 * document of a family that holds a relevant document joins {@code G(q)}; a document added this
 * way takes the highest grade judged for {@code q} in its family, a document judged above 0 keeps
 * its own grade; a member judged 0 (or below) explicitly is "added this way" too and takes the
 * family's best grade. The same grades feed the standard measures of §1.
 */
public final class GoldSets {

    private final Map<String, Map<String, Integer>> gradesByQuery;
    private final List<QueryGold> golds;

    private GoldSets(Map<String, Map<String, Integer>> gradesByQuery, List<QueryGold> golds) {
        this.gradesByQuery = gradesByQuery;
        this.golds = golds;
    }

    /** Resolves the gold sets of every query judged in the dataset's qrels. */
    public static GoldSets resolve(Dataset dataset) {
        Map<String, List<Document>> families = dataset.info().familyExpansion() ? familiesOf(dataset) : Map.of();
        Map<String, Map<String, Integer>> gradesByQuery = new LinkedHashMap<>();
        List<QueryGold> golds = new ArrayList<>();
        dataset.qrels().asMap().forEach((queryId, judged) -> {
            Map<String, Integer> gold = dataset.info().familyExpansion()
                    ? expand(dataset, judged, families)
                    : relevantOnly(judged);
            gradesByQuery.put(queryId, Collections.unmodifiableMap(gold));
            if (!gold.isEmpty()) {
                golds.add(toQueryGold(dataset, dataset.query(queryId), gold));
            }
        });
        return new GoldSets(Collections.unmodifiableMap(gradesByQuery), List.copyOf(golds));
    }

    private static Map<String, List<Document>> familiesOf(Dataset dataset) {
        Map<String, List<Document>> families = new HashMap<>();
        for (Document doc : dataset.corpus()) {
            families.computeIfAbsent(doc.family(), f -> new ArrayList<>()).add(doc);
        }
        return families;
    }

    private static Map<String, Integer> relevantOnly(Map<String, Integer> judged) {
        Map<String, Integer> gold = new LinkedHashMap<>();
        judged.forEach((doc, grade) -> {
            if (grade > 0) {
                gold.put(doc, grade);
            }
        });
        return gold;
    }

    private static Map<String, Integer> expand(Dataset dataset, Map<String, Integer> judged,
                                               Map<String, List<Document>> families) {
        // Highest grade judged for this query in each family that holds a relevant document.
        Map<String, Integer> bestInFamily = new LinkedHashMap<>();
        judged.forEach((docId, grade) -> {
            if (grade > 0) {
                bestInFamily.merge(dataset.document(docId).family(), grade, Math::max);
            }
        });
        Map<String, Integer> gold = new LinkedHashMap<>();
        bestInFamily.forEach((family, best) -> {
            for (Document member : families.get(family)) {
                int own = judged.getOrDefault(member.id(), 0);
                gold.put(member.id(), own > 0 ? own : best);
            }
        });
        return gold;
    }

    private static QueryGold toQueryGold(Dataset dataset, Query query, Map<String, Integer> gold) {
        String[] ids = new String[gold.size()];
        int[] grades = new int[gold.size()];
        String[] langs = new String[gold.size()];
        int i = 0;
        for (Map.Entry<String, Integer> entry : gold.entrySet()) {
            ids[i] = entry.getKey();
            grades[i] = entry.getValue();
            langs[i] = LanguageTag.identityOf(dataset.document(entry.getKey()).lang());
            i++;
        }
        return new QueryGold(query, ids, grades, langs);
    }

    /** {@code G(q)} with grades for every judged query, in qrels order (empty when nothing is relevant). */
    public Map<String, Map<String, Integer>> gradesByQuery() {
        return gradesByQuery;
    }

    /** The judged queries whose gold set is not empty, in qrels order. */
    public List<QueryGold> golds() {
        return golds;
    }
}
