package io.clirbench.lexical;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Three hand-made documents where the stemmed and the plain chain disagree across languages ("server" stems to
 * "serv" in German, not in English), scores worked by hand with Lucene's BM25 (k1 1.2, b 0.75; idf = ln(1 + (N - df +
 * 0.5) / (df + 0.5)); tf part = f / (f + k1 (1 - b + b dl / avgdl)), no (k1 + 1) factor), N and avgdl per field.
 */
class LexicalChainTest {

    LexicalIndex index;

    @BeforeEach
    void fill() {
        index = filled("t", List.of(
                new LexicalDocument("de-1", "de", "f1", "Der Server startet den Dienst neu."),
                new LexicalDocument("en-1", "en", "f1", "Restart the service."),
                new LexicalDocument("en-2", "en", "f2", "Servers and clients.")));
    }

    @AfterEach
    void close() {
        index.close();
    }

    static LexicalIndex filled(String name, List<LexicalDocument> documents) {
        LexicalIndex index = LexicalIndex.inMemory(name);
        index.index(documents);
        return index;
    }

    /** "server" and 599 words no document holds: 2 language fields × 600 terms pass Lucene's 1,024 clauses. */
    static String pastTheClauseLimit(String word) {
        StringBuilder q = new StringBuilder(word);
        for (int i = 0; i < 599; i++) {
            q.append(" zq").append(i);
        }
        return q.toString();
    }

    @Test
    void aQueryPastTheClauseLimitIsAnsweredLanguageByLanguageWithTheSameScores() {
        // the values of the two tests below: each language's group searched alone, filtered to its documents, merged
        List<LexicalHit> stem = index.search(LexicalChain.STEM, pastTheClauseLimit("server"), "en", 10, LexicalFilter.NONE);
        assertThat(stem).extracting(LexicalHit::docId).containsExactly("en-2");
        assertThat(stem.getFirst().score()).isCloseTo(0.315067f, within(1e-5f));
        List<LexicalHit> both = index.search(LexicalChain.STEM_PLAIN, pastTheClauseLimit("server"), "en", 10, LexicalFilter.NONE);
        assertThat(both).extracting(LexicalHit::docId).containsExactly("de-1", "en-2");
        assertThat(both.get(0).score()).isCloseTo(0.370124f, within(1e-5f));
        assertThat(both.get(1).score()).isCloseTo(0.315067f, within(1e-5f));
        assertThat(both).extracting(LexicalHit::lang, LexicalHit::family)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("de", "f1"), org.assertj.core.groups.Tuple.tuple("en", "f2"));
    }

    @Test
    void stemFindsTheEnglishInflectionOnlyAndScoresAsLexicalIndex() {
        // text_en: en-1 [restart, servic], en-2 [server, client]: N 2, df 1, idf ln 2, dl = avgdl = 2:
        // 0.693147 × 1 / (1 + 1.2) = 0.315067. text_de: de-1 holds "serv", not "server".
        List<LexicalHit> hits = index.search(LexicalChain.STEM, "server", "en", 10, LexicalFilter.NONE);
        assertThat(hits).extracting(LexicalHit::docId).containsExactly("en-2");
        assertThat(hits.getFirst().score()).isCloseTo(0.315067f, within(1e-5f));
        try (LexicalIndex reference = LexicalIndex.inMemory("r")) {
            reference.index(List.of(new LexicalDocument("de-1", "de", "f1", "Der Server startet den Dienst neu."),
                    new LexicalDocument("en-1", "en", "f1", "Restart the service."),
                    new LexicalDocument("en-2", "en", "f2", "Servers and clients.")));
            assertThat(reference.search("server", "en", 10, LexicalFilter.NONE)).isEqualTo(hits);
            // a filter to German documents: en-2 is not among them
            assertThat(index.search(LexicalChain.STEM_PLAIN, "server", "en", 10, new LexicalFilter(java.util.Set.of("de"), null)))
                    .extracting(LexicalHit::docId).containsExactly("de-1");
        }
    }

    @Test
    void plainFindsTheSharedSurfaceFormInGermanOnly() {
        // plain: N 3, df("server") 1 (en-2 has "servers"): idf ln(1 + 2.5 / 1.5) = 0.980829; de-1 dl 6, avgdl 12/3 = 4:
        // 1 / (1 + 1.2 (0.25 + 0.75 × 1.5)) = 1 / 2.65 → 0.370124
        List<LexicalHit> hits = index.search(LexicalChain.PLAIN, "Server", "en", 10, LexicalFilter.NONE);
        assertThat(hits).extracting(LexicalHit::docId).containsExactly("de-1");
        assertThat(hits.getFirst().score()).isCloseTo(0.370124f, within(1e-5f));
    }

    @Test
    void stemPlusPlainSumsTheTwoFieldsPerDocument() {
        // de-1: plain only, 0.370124; en-2: stem only, 0.315067 → de-1 first
        List<LexicalHit> hits = index.search(LexicalChain.STEM_PLAIN, "server", "en", 10, LexicalFilter.NONE);
        assertThat(hits).extracting(LexicalHit::docId).containsExactly("de-1", "en-2");
        assertThat(hits.get(0).score()).isCloseTo(0.370124f, within(1e-5f));
        assertThat(hits.get(1).score()).isCloseTo(0.315067f, within(1e-5f));
        // "servers" (en): stem "server" → en-2 (0.315067); plain "servers" → en-2 again: N 3, df 1, idf 0.980829,
        // dl 3, avgdl 4: 1 / (1 + 1.2 (0.25 + 0.5625)) = 1 / 1.975 → 0.496622; summed 0.811689
        List<LexicalHit> both = index.search(LexicalChain.STEM_PLAIN, "servers", "en", 10, LexicalFilter.NONE);
        assertThat(both).extracting(LexicalHit::docId).containsExactly("en-2");
        assertThat(both.getFirst().score()).isCloseTo(0.811689f, within(1e-5f));
    }

    @Test
    void hanSharedAcrossChineseAndJapaneseMatchesOnlyCharacterByCharacter() {
        try (LexicalIndex han = filled("han", List.of(
                new LexicalDocument("zh-1", "zh", "f1", "北京大学的图书馆"),
                new LexicalDocument("en-1", "en", "f2", "Peking University library")))) {
            // a Japanese query: its own chain (standard) makes 北 京 大 学 single characters, while smartcn indexed the
            // Chinese document as words (北京, 大学, ...): the stemmed chain finds nothing
            assertThat(han.search(LexicalChain.STEM, "北京大学", "ja", 10, LexicalFilter.NONE)).isEmpty();
            // plain: the four characters in both
            assertThat(han.search(LexicalChain.PLAIN, "北京大学", "ja", 10, LexicalFilter.NONE)).extracting(LexicalHit::docId).containsExactly("zh-1");
        }
    }

    @Test
    void aQueryWithoutTermsFindsNothingAndTheCutIsApplied() {
        assertThat(index.search(LexicalChain.PLAIN, "...", "en", 10, LexicalFilter.NONE)).isEmpty();
        assertThat(index.search(LexicalChain.STEM_PLAIN, "the", "en", 10, LexicalFilter.NONE)).extracting(LexicalHit::docId)
                .containsExactly("en-1");   // "the": an English stop word, so plain only: en-1
        assertThat(index.search(LexicalChain.STEM_PLAIN, "server servers", "en", 1, LexicalFilter.NONE)).hasSize(1);
    }
}
