package io.clirbench.core.construct.qac;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ChemCLIR-Bench's Table-1 statistics on a hand fixture: two families, four queries (one unjudged), family expansion on. */
class DatasetStatisticsTest {

    private static Document doc(String id, String lang, String family, String text) {
        return new Document(id, null, text, lang, family, Map.of());
    }

    private static Query query(String id, String lang, String text) {
        return new Query(id, text, lang, null, Map.of());
    }

    @Test
    void countsQrelsCrossLanguageQrelsTokensAndVocabularyAsByHand() {
        List<Document> corpus = List.of(
                doc("F1_en", "en", "F1", "Zeolite catalysts crack alkanes."),     // zeolite catalysts crack alkanes: 4
                doc("F1_de", "de", "F1", "Zeolith-Katalysatoren spalten Alkane."), // zeolith katalysatoren spalten alkane: 4
                doc("F1_zh", "zh", "F1", "沸石催化剂"),                               // one token per Han character: 5
                doc("F2_en", "en", "F2", "Polymer coating at 450 K."),            // polymer coating at 450 k: 5
                doc("F2_fr", "fr", "F2", "Revêtement polymère à 450 K."));         // revêtement polymère à 450 k: 5
        List<Query> queries = List.of(query("q1", "en", "zeolite cracking"), query("q2", "zh", "催化剂"),
                query("q3", "de", "Polymer Coating"), query("q4", "en", "unjudged query"));
        Qrels qrels = Qrels.of(Map.of("q1", Map.of("F1_en", 1), "q2", Map.of("F1_de", 1), "q3", Map.of("F2_en", 1)));
        Dataset dataset = new Dataset(new DatasetInfo("t", "t", "1", "x", "x", List.of("de", "en", "fr", "zh"), true), corpus, queries,
                qrels);

        DatasetStatistics s = DatasetStatistics.of(dataset);

        assertThat(s.corpusDocs()).isEqualTo(5);
        // q4 has no judgement: 3 queries
        assertThat(s.queries()).isEqualTo(3);
        // family expansion: q1 -> F1's 3 docs, q2 -> F1's 3, q3 -> F2's 2 = 8 pairs
        assertThat(s.qrels()).isEqualTo(8);
        // q1 (en): de, zh = 2; q2 (zh): en, de = 2; q3 (de): en, fr = 2
        assertThat(s.crossLangQrels()).isEqualTo(6);
        // 4 + 4 + 5 + 5 + 5 tokens; distinct: 4 + 4 + 5 + 5 + 3 (revêtement polymère à; 450 and k seen) = 21
        assertThat(s.corpusTokens()).isEqualTo(23);
        assertThat(s.corpusVocabulary()).isEqualTo(21);
        // q1 zeolite cracking, q2 催 化 剂, q3 polymer coating: 7 tokens, all distinct (q4 is not counted)
        assertThat(s.queryTokens()).isEqualTo(7);
        assertThat(s.queryVocabulary()).isEqualTo(7);
        assertThat(s.json().toString()).isEqualTo("{\"corpus_docs\":5,\"queries\":3,\"qrels\":8,\"cross_lang_qrels\":6,\"corpus_tokens\":23,"
                + "\"corpus_vocabulary\":21,\"query_tokens\":7,\"query_vocabulary\":7}");
    }

    @Test
    void withoutFamilyExpansionOnlyTheJudgedDocumentsAreQrels() {
        List<Document> corpus = List.of(doc("F1_en", "en", "F1", "a"), doc("F1_de", "de", "F1", "b"));
        Dataset dataset = new Dataset(new DatasetInfo("t", "t", "1", "x", "x", List.of("de", "en"), false), corpus,
                List.of(query("q1", "de", "x")), Qrels.of(Map.of("q1", Map.of("F1_en", 1))));
        DatasetStatistics s = DatasetStatistics.of(dataset);
        // one judged pair, en document for a de query: cross-language
        assertThat(s.qrels()).isEqualTo(1);
        assertThat(s.crossLangQrels()).isEqualTo(1);
    }
}
