package io.clirbench.benchmarks;

import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ScaleCorpusTest {

    static final String A = "a".repeat(32);
    static final String B = "b".repeat(32);
    static final String C = "c".repeat(32);
    static final String D = "d".repeat(32);
    static final String E = "e".repeat(32);

    // Documents (a long text in a language whose family has an English description):
    //   en: A (8 words: "Alpha does one thing." / blank / "It does it well."), B (4), C (6)   -> 3
    //   de: A (8), B (4); E has no English description                                       -> 2
    //   fr: A (9); C has a short description only                                             -> 1
    // 6 documents; families A (3 documents), B (2), C (1); D (English short text only) has none.
    // Query candidates (families with documents in at least two languages): en A, B; de A, B; fr A -> 5 at most.
    static final String EN = """
            Package: alpha
            Description-md5: %s
            Description-en: alpha tool
             Alpha does one thing.
             .
             It does it well.

            Package: beta
            Description-md5: %s
            Description-en: beta library
             Beta library for gamma.

            Package: gamma
            Description-md5: %s
            Description-en: gamma data
             Data files for gamma and delta.

            Package: delta
            Description-md5: %s
            Description-en: delta, a short description only
            """.formatted(A, B, C, D);
    static final String DE = """
            Package: alpha
            Description-md5: %s
            Description-de: Alpha-Werkzeug
             Alpha tut eine Sache.
             .
             Es tut sie gut.

            Package: beta
            Description-md5: %s
            Description-de: Beta-Bibliothek
             Beta Bibliothek für Gamma.

            Package: epsilon
            Description-md5: %s
            Description-de: nicht im Englischen
             Keine englische Beschreibung.
            """.formatted(A, B, E);
    static final String FR = """
            Package: alpha
            Description-md5: %s
            Description-fr: outil alpha
             Alpha fait une seule chose, et la fait bien.

            Package: gamma
            Description-md5: %s
            Description-fr: données gamma
            """.formatted(A, C);

    static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    @TempDir
    Path tmp;

    Path translations;

    @BeforeEach
    void writeFixture() throws IOException {
        translations = Files.createDirectories(tmp.resolve("translations"));
        Files.writeString(translations.resolve("Translation-en"), EN, StandardCharsets.UTF_8);
        Files.writeString(translations.resolve("Translation-de"), DE, StandardCharsets.UTF_8);
        Files.writeString(translations.resolve("Translation-fr"), FR, StandardCharsets.UTF_8);
    }

    ScaleCorpus.Summary write(Path out, long documents, int queries, long seed) throws IOException {
        return ScaleCorpus.write(DebianTranslations.read(translations), out, documents, queries, seed, "tiny", QUIET);
    }

    @Test
    void pastTheRealSizeAddsDistractorsAtTheLanguageMix() throws IOException {
        ScaleCorpus.Summary summary = write(tmp.resolve("out"), 10, 10, 40);
        // 10 - 6 real = 4 distractors, shared 3:2:1 (en:de:fr): 4*3/6 = 2 r 0, 4*2/6 = 1 r 2, 4*1/6 = 0 r 4;
        // the one left goes to the largest remainder, fr: en 2, de 1, fr 1
        assertThat(summary.realDocuments()).isEqualTo(6);
        assertThat(summary.distractors()).isEqualTo(4);
        assertThat(summary.distractorsByLanguage()).isEqualTo(Map.of("de", 1L, "en", 2L, "fr", 1L));
        assertThat(summary.families()).isEqualTo(3 + 4);
        assertThat(summary.queries()).isEqualTo(5); // every candidate, though 10 were asked for

        Dataset dataset = DatasetReader.read(tmp.resolve("out"));
        assertThat(dataset.corpus()).hasSize(10);
        assertThat(countBy(dataset.corpus(), Document::lang)).isEqualTo(Map.of("en", 3 + 2L, "de", 2 + 1L, "fr", 1 + 1L));
        List<Document> distractors = dataset.corpus().stream().filter(d -> d.id().startsWith("syn-")).toList();
        assertThat(distractors).extracting(Document::id)
                .containsExactly("syn-0000001-de", "syn-0000002-en", "syn-0000003-en", "syn-0000004-fr");
        assertThat(distractors).extracting(Document::family)
                .containsExactly("syn-0000001", "syn-0000002", "syn-0000003", "syn-0000004");
        assertThat(dataset.corpus().subList(0, 6)).noneMatch(d -> d.id().startsWith("syn-")); // real documents first

        // queries and gold only from real families: the 5 candidates, judged to real documents
        assertThat(dataset.queries()).extracting(Query::id).containsExactlyInAnyOrder(
                "q-" + A + "-en", "q-" + B + "-en", "q-" + A + "-de", "q-" + B + "-de", "q-" + A + "-fr");
        Set<String> judged = dataset.qrels().asMap().values().stream().flatMap(m -> m.keySet().stream())
                .collect(Collectors.toSet());
        assertThat(judged).isNotEmpty().noneMatch(id -> id.startsWith("syn-"));
        assertThat(dataset.queries()).extracting(Query::family).allMatch(f -> f.equals(A) || f.equals(B));
        assertThat(dataset.info().familyExpansion()).isTrue();
        assertThat(dataset.info().extra()).containsEntry("seed", "40").containsEntry("realDocuments", "6")
                .containsEntry("distractorDocuments", "4");
    }

    @Test
    void distractorsKeepARealDocumentsLayoutAndTheirLanguagesWords() throws IOException {
        write(tmp.resolve("out"), 40, 5, 7); // 34 distractors: en 34*3/6 = 17, de 34*2/6 = 11 r 2, fr 34/6 = 5 r 4 + the one left = 6
        Dataset dataset = DatasetReader.read(tmp.resolve("out"));
        Map<String, List<Document>> real = dataset.corpus().stream().filter(d -> !d.id().startsWith("syn-"))
                .collect(Collectors.groupingBy(Document::lang));
        List<Document> distractors = dataset.corpus().stream().filter(d -> d.id().startsWith("syn-")).toList();
        assertThat(countBy(distractors, Document::lang)).isEqualTo(Map.of("en", 17L, "de", 11L, "fr", 6L));
        // word counts of the real documents: en {8, 4, 6}, de {8, 4}, fr {9}; a distractor has one of its language's
        Map<String, Set<Integer>> realLengths = Map.of("en", Set.of(8, 4, 6), "de", Set.of(8, 4), "fr", Set.of(9));
        Set<String> realTexts = new HashSet<>();
        real.values().forEach(docs -> docs.forEach(d -> realTexts.add(d.text())));
        for (Document d : distractors) {
            assertThat(words(d.text()).size()).as(d.id()).isIn(realLengths.get(d.lang()));
            Set<String> vocabulary = real.get(d.lang()).stream().flatMap(r -> words(r.text()).stream())
                    .collect(Collectors.toSet());
            assertThat(vocabulary).as(d.id()).containsAll(words(d.text()));
            // the layout (line breaks, blank lines) of one of the language's real documents
            assertThat(real.get(d.lang()).stream().map(r -> layout(r.text()))).as(d.id()).contains(layout(d.text()));
            assertThat(realTexts).doesNotContain(d.text());
        }
        assertThat(distractors.stream().map(Document::text).distinct().count()).isGreaterThan(25); // not one text copied
    }

    @Test
    void belowTheRealSizeKeepsWholeRealFamilies() throws IOException {
        // families of 3 (A), 2 (B) and 1 (C) documents: in any order the greedy fill reaches 3 exactly
        // (A; or B then C; or C then B), so every seed gives 3 documents, all of them whole families
        Map<String, Long> familySizes = Map.of(A, 3L, B, 2L, C, 1L);
        Set<Set<String>> seen = new HashSet<>();
        for (long seed = 1; seed <= 12; seed++) {
            ScaleCorpus.Summary summary = write(tmp.resolve("out"), 3, 10, seed);
            Dataset dataset = DatasetReader.read(tmp.resolve("out"));
            assertThat(summary.distractors()).isZero();
            assertThat(dataset.corpus()).hasSize(3);
            Map<String, Long> kept = countBy(dataset.corpus(), Document::family);
            kept.forEach((family, n) -> assertThat(n).as(family).isEqualTo(familySizes.get(family)));
            seen.add(kept.keySet());
            // kept {A}: its 3 queries (en, de, fr); kept {B, C}: B's 2 (en, de); C is in one language only
            assertThat(dataset.queries()).hasSize(kept.containsKey(A) ? 3 : 2);
            for (Query q : dataset.queries()) {
                assertThat(kept).containsKey(q.family());
                assertThat(dataset.qrels().judgments(q.id()).keySet()).allMatch(id -> dataset.document(id) != null);
            }
        }
        assertThat(seen).containsExactlyInAnyOrder(Set.of(A), Set.of(B, C)); // the seed does choose
    }

    @Test
    void theSameSeedGivesTheSameBytesAndAnotherSeedOtherDistractors() throws IOException {
        write(tmp.resolve("one"), 30, 4, 40);
        write(tmp.resolve("two"), 30, 4, 40);
        write(tmp.resolve("three"), 30, 4, 41);
        for (String file : List.of("dataset.json", "corpus.jsonl.gz", "queries.jsonl.gz", "qrels.tsv.gz")) {
            assertThat(Files.readAllBytes(tmp.resolve("two").resolve(file)))
                    .as(file).isEqualTo(Files.readAllBytes(tmp.resolve("one").resolve(file)));
        }
        assertThat(Files.readAllBytes(tmp.resolve("three").resolve("corpus.jsonl.gz")))
                .isNotEqualTo(Files.readAllBytes(tmp.resolve("one").resolve("corpus.jsonl.gz")));
    }

    @Test
    void atTheRealSizeItIsDebianDescriptionsDatasetByteForByte() throws IOException {
        write(tmp.resolve("scale"), 6, 4, 40);
        DatasetWriter.write(DebianDescriptionsDataset.build(DebianTranslations.read(translations), 4, 40),
                tmp.resolve("debian"), false);
        for (String file : List.of("corpus.jsonl.gz", "queries.jsonl.gz", "qrels.tsv.gz")) {
            assertThat(Files.readAllBytes(tmp.resolve("scale").resolve(file)))
                    .as(file).isEqualTo(Files.readAllBytes(tmp.resolve("debian").resolve(file)));
        }
    }

    @Test
    void aLanguageThatCanOnlyRepeatItsDocumentsIsRefused() throws IOException {
        // Finnish: one document of one word, so every distractor drawn from it would be that document again
        Files.writeString(translations.resolve("Translation-fi"), """
                Package: alpha
                Description-md5: %s
                Description-fi: alfa
                 Alfa.
                """.formatted(A), StandardCharsets.UTF_8);
        assertThatThrownBy(() -> write(tmp.resolve("out"), 20, 4, 40))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("language 'fi'");
        assertThat(tmp.resolve("out")).doesNotExist(); // nothing half-written
    }

    @Test
    void sizesAndLabels() {
        assertThat(ScaleCorpus.count("100k")).isEqualTo(100_000);
        assertThat(ScaleCorpus.count("1m")).isEqualTo(1_000_000);
        assertThat(ScaleCorpus.count("300_000")).isEqualTo(300_000);
        assertThat(ScaleCorpus.label(300_000)).isEqualTo("300k");
        assertThat(ScaleCorpus.label(1_000_000)).isEqualTo("1m");
        assertThat(ScaleCorpus.label(231_233)).isEqualTo("231233");
    }

    static <T> Map<String, Long> countBy(List<T> items, java.util.function.Function<T, String> key) {
        return items.stream().collect(Collectors.groupingBy(key, Collectors.counting()));
    }

    static List<String> words(String text) {
        return Arrays.stream(text.strip().split("\\s+")).filter(w -> !w.isEmpty()).toList();
    }

    static String layout(String text) {
        return text.replaceAll("\\S+", "w");
    }
}
