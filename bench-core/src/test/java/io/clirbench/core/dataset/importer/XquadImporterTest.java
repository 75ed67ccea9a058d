package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.TestFiles;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class XquadImporterTest {

    static final Path XQUAD = Path.of(System.getProperty("shared.data"), "xquad");
    // shared/data/xquad/README.md: 12 languages, 240 paragraphs and 1,190 questions in each
    static final List<String> LANGS = List.of("ar", "de", "el", "en", "es", "hi", "ro", "ru", "th", "tr", "vi", "zh");

    static Dataset dataset;

    @BeforeAll
    static void importOnce() {
        dataset = XquadImporter.read(XQUAD);
    }

    @Test
    void descriptor() {
        assertThat(dataset.info().id()).isEqualTo("xquad-clir");
        assertThat(dataset.info().version()).isEqualTo("1.0");
        assertThat(dataset.info().license()).isEqualTo("CC-BY-SA-4.0");
        assertThat(dataset.info().source()).contains("7d30520c717524000f0d9d2f9c10a069acd9d285", "arXiv:1910.11856");
        assertThat(dataset.info().languages()).containsExactlyElementsOf(LANGS);
        assertThat(dataset.info().familyExpansion()).isTrue();
    }

    @Test
    void everyParagraphInEveryLanguage() {
        assertThat(dataset.corpus()).hasSize(12 * 240);
        Map<String, List<Document>> families = dataset.corpus().stream().collect(Collectors.groupingBy(Document::family));
        assertThat(families).hasSize(240);
        families.forEach((family, docs) -> {
            assertThat(family).matches("p\\d{3}");
            assertThat(docs).extracting(Document::lang).containsExactlyInAnyOrderElementsOf(LANGS);
            assertThat(docs).extracting(Document::id).allMatch(id -> id.startsWith(family + "-"));
        });
        assertThat(dataset.document("p000-en").text()).startsWith("The Panthers defense gave up just 308 points");
        assertThat(dataset.document("p000-en").metadata()).containsExactly(
                Map.entry("article", "Super_Bowl_50"), Map.entry("paragraph", 0));
        assertThat(dataset.document("p239-zh")).isNotNull();
        assertThat(dataset.corpus()).allMatch(d -> d.title() == null);
    }

    @Test
    void aParallelSampleOf100QuestionsPerLanguage() {
        assertThat(dataset.queries()).hasSize(1200);
        Map<String, List<Query>> byLang = dataset.queries().stream().collect(Collectors.groupingBy(Query::lang));
        assertThat(byLang.keySet()).containsExactlyInAnyOrderElementsOf(LANGS);
        Set<Object> english = squadIds(byLang.get("en"));
        assertThat(english).hasSize(100);
        byLang.forEach((lang, queries) -> {
            assertThat(queries).hasSize(100);
            assertThat(squadIds(queries)).isEqualTo(english);
            assertThat(queries).allMatch(q -> q.id().equals(q.metadata().get("squad_id") + "-" + lang));
        });
    }

    @Test
    void sampleFollowsTheStatedRule() {
        // the rule of the brief, re-implemented here: sort all ids, shuffle with Random(20240601), first 100
        List<String> all = new ArrayList<>(new TreeSet<>(allSquadIds()));
        assertThat(all).hasSize(1190);
        Collections.shuffle(all, new Random(20240601L));
        Set<String> expected = Set.copyOf(all.subList(0, 100));
        assertThat(squadIds(dataset.queries())).isEqualTo(expected);
    }

    @Test
    void everyQueryIsJudgedRelevantToItsSameLanguageParagraph() {
        for (Query q : dataset.queries()) {
            Map<String, Integer> judged = dataset.qrels().judgments(q.id());
            assertThat(judged).hasSize(1);
            Document gold = dataset.document(judged.keySet().iterator().next());
            assertThat(judged.values()).containsExactly(1);
            assertThat(gold.lang()).isEqualTo(q.lang());
            assertThat(gold.family()).isEqualTo(q.family());
            // independent check that this is the right paragraph: the answer is in its text at answer_start
            @SuppressWarnings("unchecked")
            List<String> answers = (List<String>) q.metadata().get("answers");
            @SuppressWarnings("unchecked")
            List<Integer> starts = (List<Integer>) q.metadata().get("answer_start");
            assertThat(answers).hasSize(1);
            assertThat(gold.text().substring(starts.get(0), starts.get(0) + answers.get(0).length()))
                    .as(q.id()).isEqualTo(answers.get(0));
            assertThat(q.metadata().get("article")).isEqualTo(gold.metadata().get("article"));
        }
    }

    @Test
    void misalignedLanguagesAreRejected(@TempDir Path dir) {
        TestFiles.write(dir.resolve("xquad.en.json"), squad("Art", "The cat sat.", "id1", "id2"));
        TestFiles.writeGzip(dir.resolve("xquad.de.json.gz"), squad("Art", "Die Katze sass.", "id1", "id3"));
        assertThatThrownBy(() -> XquadImporter.read(dir, 1, 1))
                .isInstanceOf(DatasetFormatException.class)
                .hasMessage("xquad.de.json.gz: paragraph p000 (article 'Art') has question ids [id1, id3], "
                        + "but xquad.en.json has [id1, id2] (article 'Art')");
    }

    @Test
    void smallHandWrittenImport(@TempDir Path dir) {
        TestFiles.write(dir.resolve("xquad.en.json"), squad("Art", "The cat sat.", "id1", "id2"));
        TestFiles.write(dir.resolve("xquad.de.json"), squad("Art", "Die Katze sass.", "id1", "id2"));
        Dataset small = XquadImporter.read(dir, 2, 7);
        assertThat(small.corpus()).extracting(Document::id).containsExactly("p000-de", "p000-en");
        assertThat(small.queries()).extracting(Query::id).containsExactly("id1-de", "id2-de", "id1-en", "id2-en");
        assertThat(small.qrels().judgments("id2-de")).containsExactly(Map.entry("p000-de", 1));
        assertThatThrownBy(() -> XquadImporter.read(dir, 3, 7)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFileThatIsNotSquadIsReported(@TempDir Path dir) {
        TestFiles.write(dir.resolve("xquad.en.json"), "{\"data\": [{\"title\": \"A\", \"paragraphs\": [{\"qas\": []}]}]}");
        assertThatThrownBy(() -> XquadImporter.read(dir, 1, 1))
                .isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("xquad.en.json: data[0].paragraphs[0]: missing or empty string 'context'");
    }

    private static String squad(String title, String context, String... ids) {
        String qas = java.util.Arrays.stream(ids)
                .map(id -> "{\"id\": \"" + id + "\", \"question\": \"Q " + id + "?\", \"answers\": [{\"answer_start\": 0, \"text\": \"x\"}]}")
                .collect(Collectors.joining(","));
        return "{\"version\": \"1.1\", \"data\": [{\"title\": \"" + title + "\", \"paragraphs\": [{\"context\": \""
                + context + "\", \"qas\": [" + qas + "]}]}]}";
    }

    private static Set<Object> squadIds(List<Query> queries) {
        return queries.stream().map(q -> q.metadata().get("squad_id")).collect(Collectors.toSet());
    }

    // read straight from the English file with Jackson, not through the importer
    private static List<String> allSquadIds() {
        try (var in = new java.util.zip.GZIPInputStream(java.nio.file.Files.newInputStream(XQUAD.resolve("xquad.en.json.gz")))) {
            var root = new com.fasterxml.jackson.databind.ObjectMapper().readTree(in);
            List<String> ids = new ArrayList<>();
            root.get("data").forEach(a -> a.get("paragraphs").forEach(p -> p.get("qas").forEach(q -> ids.add(q.get("id").asText()))));
            return ids;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
