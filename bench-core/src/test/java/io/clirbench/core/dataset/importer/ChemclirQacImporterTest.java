package io.clirbench.core.dataset.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every expected count comes from shared/data/chemclir/README.md, which was written from the CSV by other means. */
class ChemclirQacImporterTest {

    private static final Path QAC = Path.of(System.getProperty("shared.data"), "chemclir", "balanced_100_qac.csv");

    @TempDir
    Path dir;

    @Test
    void importsTheSampleWithTheCountsTheReadmeGives() {
        Dataset dataset = new ChemclirQacImporter(null).read(QAC, null);
        assertThat(dataset.info().id()).isEqualTo("balanced-100-qac");
        assertThat(dataset.info().familyExpansion()).isTrue();
        // README: 99 rows (not 100); 50 technical, 49 semantic; en 24, de 23, fr 24, es 28
        assertThat(dataset.queries()).hasSize(99);
        assertThat(count(dataset, q -> (String) q.metadata().get("mode"))).isEqualTo(Map.of("semantic", 49L, "technical", 50L));
        assertThat(count(dataset, Query::lang)).isEqualTo(Map.of("de", 23L, "en", 24L, "es", 28L, "fr", 24L));
        // README: offices EP 86 rows, WO 13; strategies 1: 26, 2: 26, 3: 24, 4: 23
        assertThat(count(dataset, q -> (String) q.metadata().get("office"))).isEqualTo(Map.of("EP", 86L, "WO", 13L));
        assertThat(count(dataset, q -> (String) q.metadata().get("strategy")))
                .isEqualTo(Map.of("1", 26L, "2", 26L, "3", 24L, "4", 23L));
        // README: 82 distinct publication numbers (families), 89 distinct corpus ids judged
        assertThat(dataset.queries().stream().map(Query::family).distinct()).hasSize(82);
        Set<String> judged = new HashSet<>();
        dataset.qrels().asMap().values().forEach(m -> judged.addAll(m.keySet()));
        assertThat(judged).hasSize(89);
        // README: the question language is among context_language in 48 rows; 51 are no-home
        long noHome = dataset.queries().stream().filter(q -> dataset.corpus().stream()
                .noneMatch(d -> d.family().equals(q.family()) && d.lang().equals(q.lang()))).count();
        assertThat(noHome).isEqualTo(51);
        // mode-specific columns: a technical row has question_type, a semantic one framing, never both
        dataset.queries().forEach(q -> assertThat(q.metadata().containsKey("question_type"))
                .isEqualTo(!q.metadata().containsKey("framing")));
        // answers are in the document's language: an es question on an _en document has answer_lang en
        Query first = dataset.query("qac-003");
        assertThat(first.lang()).isEqualTo("es");
        assertThat(first.metadata()).containsEntry("answer_lang", "en")
                .containsEntry("answer", "the process is preferably carried out by free-radical polymerization.");
    }

    @Test
    void theImportIsADatasetBenchEvalReads() {
        Dataset dataset = new ChemclirQacImporter("chemclir-qac").read(QAC, null);
        Path out = dir.resolve("chemclir-qac");
        DatasetWriter.write(dataset, out, false);
        int[] warnings = new int[1];
        Dataset back = DatasetReader.readForEvaluation(out, (file, line, what) -> warnings[0]++);
        assertThat(back.queries()).hasSize(99);
        assertThat(warnings[0]).isEqualTo(back.corpus().size()); // every placeholder document lacks text
        // a run that embeds needs text: the strict reader refuses the placeholders
        assertThatThrownBy(() -> DatasetReader.read(out)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("corpus.jsonl.gz line 1: empty text");
    }

    @Test
    void aCorpusFileIsJoinedAndEveryJudgedIdMustBeInIt() throws IOException {
        Path csv = dir.resolve("two.csv");
        Files.writeString(csv, String.join("\r\n", Files.readAllLines(QAC).subList(0, 3)) + "\r\n");
        Path corpus = dir.resolve("corpus.jsonl");
        Files.writeString(corpus, """
                {"_id": "EP-4633662-A1_en", "text": "A prodrug comprising phenylboronic acid", "lang": "en", "family": "EP-4633662-A1"}
                """);
        assertThatThrownBy(() -> new ChemclirQacImporter(null).read(csv, corpus)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("corpus.jsonl: query qac-002 is judged on corpus_id 'EP-4630509-A1_fr', which is not in the corpus");
        Files.writeString(corpus, """
                {"_id": "EP-4633662-A1_en", "text": "A prodrug comprising phenylboronic acid", "lang": "en", "family": "EP-4633662-A1"}
                {"_id": "EP-4630509-A1_fr", "text": "Un composé d'étanchéité", "lang": "fr", "family": "EP-4630509-A1"}
                """);
        Dataset joined = new ChemclirQacImporter(null).read(csv, corpus);
        assertThat(joined.corpus()).extracting(Document::text).containsExactly("A prodrug comprising phenylboronic acid",
                "Un composé d'étanchéité");
        assertThat(joined.queries()).hasSize(2);
    }

    @Test
    void badRowsAreNamedByLineAndValue() throws IOException {
        var lines = Files.readAllLines(QAC);
        String header = lines.get(0);
        String row = lines.get(1);
        Path csv = dir.resolve("bad.csv");
        Files.writeString(csv, header + "\r\n"
                + row.replace("technical,", "tech,") + "\r\n"                        // line 2: bad mode
                + row.replace("EP-4633662-A1_en", "EP-1_en") + "\r\n"                 // line 3: corpus_id of another patent
                + row.replace(",en,\"en,fr\"", ",xx,\"en,fr\"") + "\r\n"              // line 4: bad question language
                + row.replace(",5,23,none,38", ",4,23,none,38") + "\r\n");            // line 5: repeated column disagrees
        assertThatThrownBy(() -> new ChemclirQacImporter(null).read(csv, null)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("bad.csv line 2: mode must be 'technical' or 'semantic', found 'tech'")
                .hasMessageContaining("bad.csv line 3: corpus_id 'EP-1_en' is not 'EP-4633662-A1_<lang>'")
                .hasMessageContaining("bad.csv line 4: question_language")
                .hasMessageContaining("bad.csv line 5: column 'qual_linguistic_quality' appears 2 times with different values [5, 4]");
    }

    private static Map<String, Long> count(Dataset dataset, java.util.function.Function<Query, String> key) {
        return dataset.queries().stream().collect(Collectors.groupingBy(key, TreeMap::new, Collectors.counting()));
    }
}
