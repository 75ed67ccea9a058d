package io.clirbench.lexical;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Filters inside the Lucene query (no short lists) and ties at the cut-off by doc id ascending. */
class LexicalFilterAndTieTest {

    @TempDir
    Path dir;

    @Test
    void aFilteredSearchReturnsTheFullTopNOfTheMatchingDocuments() {
        try (LexicalIndex index = new LexicalIndex("t", dir)) {
            // family A: strong matches that fill any unfiltered top 3; family B: weaker ones
            index.index(zip(List.of(new Payload("a1", "en", "A"), new Payload("a2", "en", "A"),
                            new Payload("a3", "en", "A"), new Payload("b1", "en", "B"),
                            new Payload("b2", "en", "B"), new Payload("b3", "en", "B")),
                    List.of("apple apple apple", "apple apple apple", "apple apple apple",
                            "apple pear plum grape", "apple pear plum grape", "apple pear plum grape")));
            List<LexicalHit> hits = index.search("apple", "en", 3, new LexicalFilter(Set.of(), Set.of("B")));
            assertThat(hits).extracting(LexicalHit::docId).containsExactly("b1", "b2", "b3");
            List<LexicalHit> en = index.search("apple", "en", 2, new LexicalFilter(Set.of("en"), Set.of("B")));
            assertThat(en).extracting(LexicalHit::docId).containsExactly("b1", "b2");
        }
    }

    @Test
    void tiesAtTheCutOffGoToTheSmallerDocIds() {
        try (LexicalIndex index = new LexicalIndex("t", dir)) {
            // identical texts, so identical scores; indexed in an order unlike the id order
            List<String> ids = List.of("d9", "d7", "d3", "d5", "d1");
            index.index(zip(ids.stream().map(id -> new Payload(id, "en", "f")).toList(),
                    ids.stream().map(id -> "the harbour lights").toList()));
            assertThat(index.search("harbour", "en", 2, LexicalFilter.NONE)).extracting(LexicalHit::docId)
                    .containsExactly("d1", "d3");
            assertThat(index.search("harbour", "en", 3, new LexicalFilter(Set.of(), Set.of("f"))))
                    .extracting(LexicalHit::docId).containsExactly("d1", "d3", "d5");
        }
    }

    @Test
    void listsOfSeveralLanguageFieldsMergeByScoreThenIdAndKeepTheirPayloads() {
        try (LexicalIndex index = new LexicalIndex("t", dir)) {
            // three language fields of two two-word documents each (dl = avgdl = 2); "zzq" (no stemmer changes it) is
            // in both en and both fr documents (df 2) and in one de document (df 1). Lucene's BM25 by hand, k1 1.2,
            // b 0.75: idf = ln(1 + (N - df + 0.5) / (df + 0.5)): de ln 2 = 0.693, en and fr ln 1.2 = 0.182; tf part
            // = tf / (tf + 1.2): 0.4545 (tf 1), 0.625 (tf 2). de-9 0.693 x 0.4545 = 0.315 first; en-2 and fr-1
            // 0.182 x 0.625 = 0.114 tie across fields -> by id "en-2" < "fr-1"; en-1 and fr-0 0.083 tie -> "en-1" <
            // "fr-0"; de-8 does not match.
            index.index(zip(List.of(new Payload("fr-1", "fr", "F1"), new Payload("de-9", "de", "F9"),
                            new Payload("en-1", "en", "F1"), new Payload("fr-0", "fr", "F0"),
                            new Payload("en-2", "en", "F2"), new Payload("de-8", "de", "F8")),
                    List.of("zzq zzq", "zzq yyx", "zzq yyx", "zzq yyx", "zzq zzq", "yyx yyx")));
            List<LexicalHit> all = index.search("zzq", "en", 10, LexicalFilter.NONE);
            assertThat(all).extracting(LexicalHit::docId).containsExactly("de-9", "en-2", "fr-1", "en-1", "fr-0");
            assertThat(all).extracting(LexicalHit::lang).containsExactly("de", "en", "fr", "en", "fr");
            assertThat(all).extracting(LexicalHit::family).containsExactly("F9", "F2", "F1", "F1", "F0");
            assertThat(all.get(0).score()).isCloseTo(0.315f, org.assertj.core.data.Offset.offset(0.001f));
            assertThat(all.get(1).score()).isEqualTo(all.get(2).score()).isCloseTo(0.114f, org.assertj.core.data.Offset.offset(0.001f));
            assertThat(all.get(3).score()).isEqualTo(all.get(4).score()).isCloseTo(0.083f, org.assertj.core.data.Offset.offset(0.001f));
            // a shorter list is the longer one's head, whatever field its members come from
            for (int n = 1; n <= 5; n++) {
                assertThat(index.search("zzq", "en", n, LexicalFilter.NONE)).isEqualTo(all.subList(0, n));
            }
        }
    }

    @Test
    void aLongQueryWithBothFiltersStaysWithinLucenesClauseLimit() {
        try (LexicalIndex index = new LexicalIndex("t", dir)) {
            index.index(zip(List.of(new Payload("x1", "en", "B")), List.of("w7 w1500")));
            StringBuilder q = new StringBuilder();
            for (int i = 0; i < 2000; i++) {
                q.append(" w").append(i);
            }
            // 2,000 distinct terms, cut to 1,022, plus the two filter clauses: 1,024 clauses
            assertThat(index.search(q.toString(), "en", 5, new LexicalFilter(Set.of("en"), Set.of("B"))))
                    .extracting(LexicalHit::docId).containsExactly("x1");
        }
    }

    /** Doc id, language and family of a test text. */
    record Payload(String docId, String lang, String family) {
    }

    static List<LexicalDocument> zip(List<Payload> payloads, List<String> texts) {
        return java.util.stream.IntStream.range(0, payloads.size())
                .mapToObj(i -> new LexicalDocument(payloads.get(i).docId(), payloads.get(i).lang(), payloads.get(i).family(), texts.get(i)))
                .toList();
    }
}
