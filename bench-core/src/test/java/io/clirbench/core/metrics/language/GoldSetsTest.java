package io.clirbench.core.metrics.language;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Gold resolution and family expansion (METRICS.md §2 "Gold"), expected sets worked out by hand. */
class GoldSetsTest {

    // Family P = {p-en, p-de, p-fr}; family R = {r-en, r-de}.
    private static final List<Document> CORPUS = List.of(
            doc("p-en", "en", "P"), doc("p-de", "de", "P"), doc("p-fr", "fr", "P"),
            doc("r-en", "en", "R"), doc("r-de", "de", "R"));

    @Test
    void expansionAddsTheWholeFamilyWithTheBestJudgedGrade() {
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        // p-en judged 1, p-de judged 3, p-fr judged 0; r-en judged 0 only.
        qrels.put("q", orderedMap("p-en", 1, "p-de", 3, "p-fr", 0, "r-en", 0));
        GoldSets gold = GoldSets.resolve(dataset(qrels, true));
        // Family P holds relevant documents: p-en keeps 1, p-de keeps 3, p-fr (judged 0) takes the best, 3.
        // Family R holds no relevant document: not added.
        assertThat(gold.gradesByQuery().get("q")).containsExactlyInAnyOrderEntriesOf(Map.of("p-en", 1, "p-de", 3, "p-fr", 3));
        QueryGold q = gold.golds().get(0);
        assertThat(q.docIds()).containsExactly("p-en", "p-de", "p-fr");
        assertThat(q.isSame(0)).isTrue();
        assertThat(q.isSame(1)).isFalse();
    }

    @Test
    void withoutExpansionGoldIsTheRelevantJudgmentsOnly() {
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        qrels.put("q", orderedMap("p-en", 1, "p-de", 3, "p-fr", 0, "r-en", 0));
        qrels.put("empty", orderedMap("r-de", 0));
        GoldSets gold = GoldSets.resolve(dataset(qrels, false));
        assertThat(gold.gradesByQuery().get("q")).containsExactlyInAnyOrderEntriesOf(Map.of("p-en", 1, "p-de", 3));
        // A query whose judgments are all 0 keeps an (empty) entry for the §1 mean, but has no gold.
        assertThat(gold.gradesByQuery().get("empty")).isEmpty();
        assertThat(gold.golds()).extracting(g -> g.query().id()).containsExactly("q");
    }

    private static Map<String, Integer> orderedMap(Object... pairs) {
        Map<String, Integer> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put((String) pairs[i], (Integer) pairs[i + 1]);
        }
        return map;
    }

    private static Dataset dataset(Map<String, Map<String, Integer>> qrels, boolean expansion) {
        List<Query> queries = List.of(new Query("q", "text", "en", null, Map.of()), new Query("empty", "text", "de", null, Map.of()));
        DatasetInfo info = new DatasetInfo("t", "t", "1", "CC0-1.0", "test", List.of("de", "en", "fr"), expansion);
        return new Dataset(info, CORPUS, queries, Qrels.of(qrels));
    }

    private static Document doc(String id, String lang, String family) {
        return new Document(id, null, "text", lang, family, Map.of());
    }
}
