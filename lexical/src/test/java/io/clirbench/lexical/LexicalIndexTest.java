package io.clirbench.lexical;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hand-made documents: each query shares with its target document only a word that the language's
 * analysis must reduce to the same term (plural/singular, inflection, elision, Chinese segmentation).
 */
class LexicalIndexTest {

    @TempDir
    Path dir;
    LexicalIndex index;

    @BeforeEach
    void fill() {
        index = new LexicalIndex("t", dir);
        List<String[]> docs = List.of(
                new String[] {"en-1", "en", "The river floods every spring near the old mills."},
                new String[] {"en-2", "en", "A library keeps books and maps."},
                new String[] {"de-1", "de", "Die Häuser am Fluss wurden im Frühling überflutet."},
                new String[] {"de-2", "de", "Die Bibliothek bewahrt Bücher und Karten."},
                new String[] {"fr-1", "fr", "L'université accueille des étudiants étrangers."},
                new String[] {"fr-2", "fr", "La bibliothèque garde des livres et des cartes."},
                new String[] {"es-1", "es", "La nación celebró su independencia."},
                new String[] {"es-2", "es", "La biblioteca guarda libros y mapas."},
                new String[] {"zh-1", "zh", "中华人民共和国成立于一九四九年。"},
                new String[] {"zh-2", "zh", "北京是中国的首都。"},
                new String[] {"ru-1", "ru", "Библиотека хранит книги и карты."});
        index.index(zip(docs.stream().map(d -> new Payload(d[0], d[1], "fam")).toList(),
                docs.stream().map(d -> d[2]).toList()));
    }

    @AfterEach
    void close() {
        index.close();
    }

    private List<String> ids(String text, String lang) {
        return index.search(text, lang, 10, LexicalFilter.NONE).stream().map(LexicalHit::docId).toList();
    }

    @Test
    void englishStemsPluralsAndVerbForms() {
        assertThat(ids("flooding rivers", "en")).first().isEqualTo("en-1");
        assertThat(ids("libraries", "en")).containsExactly("en-2");
    }

    @Test
    void germanStemsInflections() {
        // Haus/Häuser and Flüsse/Fluss meet under the Snowball German stemmer
        assertThat(ids("Haus Flusses", "de")).first().isEqualTo("de-1");
        assertThat(ids("Bibliotheken", "de")).containsExactly("de-2");
    }

    @Test
    void frenchRemovesElisionAndStems() {
        assertThat(ids("universités", "fr")).containsExactly("fr-1");
        assertThat(ids("étudiant", "fr")).containsExactly("fr-1");
    }

    @Test
    void spanishSnowballJoinsSingularAndPlural() {
        // the light stemmer leaves "naciones" and "nación" apart; Snowball conflates them
        assertThat(ids("naciones", "es")).containsExactly("es-1");
        assertThat(ids("bibliotecas", "es")).containsExactly("es-2");
    }

    @Test
    void chineseIsSegmentedIntoWords() {
        // smartcn: 中华人民共和国|成立|于|... and 北京|是|中国|的|首都 (checked by tokenising both texts)
        assertThat(ids("共和国何时成立", "zh")).first().isEqualTo("zh-1");
        assertThat(ids("首都", "zh")).containsExactly("zh-2");
    }

    @Test
    void otherLanguagesUseTheStandardAnalyzer() {
        assertThat(ids("библиотека", "ru")).containsExactly("ru-1");
        assertThat(LanguageAnalyzers.describe("ru")).isEqualTo("standard");
    }

    @Test
    void filterRestrictsLanguagesAndScoresAreDescending() {
        // "biblioteca" is the Spanish stem and also matches nothing else after analysis
        List<LexicalHit> hits = index.search("la bibliothèque et la biblioteca", "fr", 10, new LexicalFilter(Set.of("fr"), Set.of()));
        assertThat(hits).extracting(LexicalHit::docId).containsExactly("fr-2");
        List<LexicalHit> all = index.search("cartes karten", "fr", 10, LexicalFilter.NONE);
        assertThat(all).isSortedAccordingTo((a, b) -> Float.compare(b.score(), a.score()));
    }

    @Test
    void reindexingReplacesByDocId() {
        index.index(zip(List.of(new Payload("en-2", "en", "fam")), List.of("Nothing about books here, only trains.")));
        assertThat(ids("libraries", "en")).isEmpty();
        assertThat(index.count()).isEqualTo(11);
    }

    /** Doc id, language and family of a test text. */
    @Test
    void aTagWithRegionOrScriptIsAnalysedByItsLanguageSubtag() {
        // de-AT is German: Häuser/Haus meet under the German stemmer as for de; zh-Hant text is segmented by smartcn
        index.index(zip(List.of(new Payload("de-at-1", "de-AT", "fam2"), new Payload("zh-hant-1", "zh-Hant", "fam2")),
                List.of("Die Häuser in Wien.", "北京是中国的首都。")));
        assertThat(ids("Haus Wien", "de")).first().isEqualTo("de-at-1");
        assertThat(ids("Haus Wien", "de-DE")).first().isEqualTo("de-at-1");
        assertThat(ids("首都", "zh-Hant")).containsExactlyInAnyOrder("zh-2", "zh-hant-1");
        assertThat(LanguageAnalyzers.field("pt-BR")).isEqualTo(LanguageAnalyzers.field("pt")).isEqualTo("text_pt");
        assertThat(LanguageAnalyzers.describe("de-AT")).isEqualTo("snowball-german");
        assertThat(LanguageAnalyzers.describe("zh_Hant")).isEqualTo("smartcn");
    }

    record Payload(String docId, String lang, String family) {
    }

    static List<LexicalDocument> zip(List<Payload> payloads, List<String> texts) {
        return java.util.stream.IntStream.range(0, payloads.size())
                .mapToObj(i -> new LexicalDocument(payloads.get(i).docId(), payloads.get(i).lang(), payloads.get(i).family(), texts.get(i)))
                .toList();
    }
}
