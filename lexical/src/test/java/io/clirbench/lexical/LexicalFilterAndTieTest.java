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
