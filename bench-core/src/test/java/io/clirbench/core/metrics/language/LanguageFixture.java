package io.clirbench.core.metrics.language;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A hand-built two-language dataset and run whose §2 values are worked out by hand in
 * {@link LanguageMetricsTest}. Families: F1 = {d1-en, d1-de}, F2 = {d2-en, d2-de}, F3 = {d3-de};
 * noise documents n01..n12 (own families). Family expansion is on.
 *
 * <pre>
 * query lang judged        gold after expansion     run (rank: doc)                   f_S  f_X
 * q1    en   d1-en 1       d1-en S, d1-de X         1 d1-en, 5 d1-de                   1    5
 * q2    en   d2-de 2       d2-en S, d2-de X (2, 2)  2 d2-de, 7 d2-en                   7    2
 * q3    de   d1-de 1       d1-de S, d1-en X         3 d1-de, 12 d1-en (beyond N = 10)  3    inf
 * q4    en   d3-de 1       d3-de X (no-home)        4 d3-de                            -    4
 * q5    de   d2-de 1       d2-de S, d2-en X         1 d2-en, 2 d2-de                   2    1
 * </pre>
 */
final class LanguageFixture {

    static final int DEPTH = 10;

    private LanguageFixture() {
    }

    static Dataset dataset() {
        List<Document> corpus = new ArrayList<>();
        corpus.add(doc("d1-en", "en", "F1"));
        corpus.add(doc("d1-de", "de", "F1"));
        corpus.add(doc("d2-en", "en", "F2"));
        corpus.add(doc("d2-de", "de", "F2"));
        corpus.add(doc("d3-de", "de", "F3"));
        for (int i = 1; i <= 12; i++) {
            String id = String.format("n%02d", i);
            corpus.add(doc(id, i % 2 == 0 ? "en" : "de", id));
        }
        List<Query> queries = List.of(
                query("q1", "en", "a"), query("q2", "en", "b"), query("q3", "de", "a"),
                query("q4", "en", "b"), query("q5", "de", "a"));
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        qrels.put("q1", Map.of("d1-en", 1));
        qrels.put("q2", Map.of("d2-de", 2));
        qrels.put("q3", Map.of("d1-de", 1));
        qrels.put("q4", Map.of("d3-de", 1));
        qrels.put("q5", Map.of("d2-de", 1));
        DatasetInfo info = new DatasetInfo("fixture", "fixture", "1", "CC0-1.0", "hand-made", List.of("de", "en"), true);
        return new Dataset(info, corpus, queries, Qrels.of(qrels));
    }

    /** The run of the table above; every other position holds a noise document. */
    static Map<String, RankedList> run() {
        Map<String, RankedList> run = new LinkedHashMap<>();
        run.put("q1", list("q1", 12, Map.of(1, "d1-en", 5, "d1-de")));
        run.put("q2", list("q2", 12, Map.of(2, "d2-de", 7, "d2-en")));
        run.put("q3", list("q3", 12, Map.of(3, "d1-de", 12, "d1-en")));
        run.put("q4", list("q4", 12, Map.of(4, "d3-de")));
        run.put("q5", list("q5", 12, Map.of(1, "d2-en", 2, "d2-de")));
        return run;
    }

    static List<QueryOutcome> outcomes() {
        GoldSets gold = GoldSets.resolve(dataset());
        Map<String, RankedList> run = run();
        return gold.golds().stream().map(g -> QueryOutcome.of(g, run.get(g.query().id()), DEPTH)).toList();
    }

    private static RankedList list(String query, int length, Map<Integer, String> placed) {
        String[] ids = new String[length];
        double[] scores = new double[length];
        int noise = 1;
        for (int rank = 1; rank <= length; rank++) {
            ids[rank - 1] = placed.containsKey(rank) ? placed.get(rank) : String.format("n%02d", noise++);
            scores[rank - 1] = length - rank;
        }
        return new RankedList(query, ids, scores);
    }

    private static Document doc(String id, String lang, String family) {
        return new Document(id, null, "text of " + id, lang, family, Map.of());
    }

    private static Query query(String id, String lang, String mode) {
        return new Query(id, "question " + id, lang, null, Map.of("mode", mode));
    }
}
