package io.clirbench.index.bm25;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.index.store.Hit;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointPayload;
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
            index.index(List.of(new PointPayload("a1", "en", "A"), new PointPayload("a2", "en", "A"),
                            new PointPayload("a3", "en", "A"), new PointPayload("b1", "en", "B"),
                            new PointPayload("b2", "en", "B"), new PointPayload("b3", "en", "B")),
                    List.of("apple apple apple", "apple apple apple", "apple apple apple",
                            "apple pear plum grape", "apple pear plum grape", "apple pear plum grape"));
            List<Hit> hits = index.search("apple", "en", 3, new PayloadFilter(Set.of(), Set.of("B")));
            assertThat(hits).extracting(Hit::docId).containsExactly("b1", "b2", "b3");
            List<Hit> en = index.search("apple", "en", 2, new PayloadFilter(Set.of("en"), Set.of("B")));
            assertThat(en).extracting(Hit::docId).containsExactly("b1", "b2");
        }
    }

    @Test
    void tiesAtTheCutOffGoToTheSmallerDocIds() {
        try (LexicalIndex index = new LexicalIndex("t", dir)) {
            // identical texts, so identical scores; indexed in an order unlike the id order
            List<String> ids = List.of("d9", "d7", "d3", "d5", "d1");
            index.index(ids.stream().map(id -> new PointPayload(id, "en", "f")).toList(),
                    ids.stream().map(id -> "the harbour lights").toList());
            assertThat(index.search("harbour", "en", 2, PayloadFilter.NONE)).extracting(Hit::docId)
                    .containsExactly("d1", "d3");
            assertThat(index.search("harbour", "en", 3, new PayloadFilter(Set.of(), Set.of("f"))))
                    .extracting(Hit::docId).containsExactly("d1", "d3", "d5");
        }
    }

    @Test
    void aLongQueryWithBothFiltersStaysWithinLucenesClauseLimit() {
        try (LexicalIndex index = new LexicalIndex("t", dir)) {
            index.index(List.of(new PointPayload("x1", "en", "B")), List.of("w7 w1500"));
            StringBuilder q = new StringBuilder();
            for (int i = 0; i < 2000; i++) {
                q.append(" w").append(i);
            }
            // 2,000 distinct terms, cut to 1,022, plus the two filter clauses: 1,024 clauses
            assertThat(index.search(q.toString(), "en", 5, new PayloadFilter(Set.of("en"), Set.of("B"))))
                    .extracting(Hit::docId).containsExactly("x1");
        }
    }
}
