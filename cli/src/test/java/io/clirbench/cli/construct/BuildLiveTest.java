package io.clirbench.cli.construct;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchRun;
import io.clirbench.core.dataset.DatasetReader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build pipelines against a real OpenAI-compatible endpoint: runs only when {@code OPENAI_BASE_URL} is set (every
 * role uses {@code OPENAI_MODEL}, token {@code OPENAI_API_KEY}; so the QAC build is given {@code --allow-same-verifier}). A real model may reject or be rejected, so this checks
 * what must hold whatever it answers: the command finishes, the output reads back, the report's counts add up. It has
 * not run on the machine this was written on (no model reachable).
 */
@EnabledIfEnvironmentVariable(named = "OPENAI_BASE_URL", matches = ".+")
class BuildLiveTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void qacOnTwoPatentPassages() throws Exception {
        Path corpus = dir.resolve("corpus.jsonl");
        Files.writeString(corpus, """
                {"_id": "EP-1_en", "text": "The sealing compound contains glucose syrup, alumina and graphite, and cures at 120 °C within 30 minutes.", "lang": "en", "family": "EP-1"}
                {"_id": "EP-1_de", "text": "Die Dichtmasse enthält Glukosesirup, Aluminiumoxid und Graphit und härtet bei 120 °C innerhalb von 30 Minuten aus.", "lang": "de", "family": "EP-1"}
                {"_id": "EP-2_fr", "text": "Le procédé de polymérisation radicalaire est conduit de préférence entre 60 et 80 °C en présence d'un amorceur peroxyde.", "lang": "fr", "family": "EP-2"}
                """);
        Path out = dir.resolve("qac");
        BenchRun run = BenchRun.of("build", "qac", "--corpus", corpus.toString(), "--languages", "en,de,fr,es", "--setup", "all",
                "--mode", "mixed", "--allow-same-verifier", "--max-tokens", "200000", "--out", out.toString());
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
        // EP-2 has one language (--min-languages 2): EP-1 asked in 4 languages
        assertThat(report.at("/counts/kept").asInt() + report.at("/counts/rejected").asInt()).isEqualTo(4);
        assertThat(report.at("/counts/skipped_sources").asInt()).isEqualTo(1);
        assertThat(DatasetReader.read(out).queries()).hasSize(report.at("/counts/kept").asInt());
    }

    @Test
    void xbcpOnASmallTask() throws Exception {
        Path task = dir.resolve("task");
        Files.createDirectories(task);
        Files.writeString(task.resolve("corpus.jsonl"), """
                {"_id": "e1", "title": "Eiffel Tower: facts", "text": "The Eiffel Tower (see https://www.toureiffel.paris/en) is 330 m tall.", "lang": "en", "family": "f1"}
                {"_id": "e2", "text": "Run `python -m venv env` to create a virtual environment.", "lang": "en", "family": "f2"}
                """);
        Files.writeString(task.resolve("queries.jsonl"), """
                {"_id": "q1", "text": "How tall is the Eiffel Tower?", "lang": "en", "answer": "330 m"}
                {"_id": "q2", "text": "How to make a Python virtual environment?", "lang": "en", "answer": "python -m venv env"}
                """);
        String qrels = "query-id\tcorpus-id\tscore\nq1\te1\t1\nq2\te2\t1\n";
        Files.writeString(task.resolve("qrels-evidence.tsv"), qrels);
        Files.writeString(task.resolve("qrels-gold.tsv"), qrels);
        Files.writeString(task.resolve("dataset.json"), """
                {"id": "live-xbcp", "name": "two documents", "kind": "agentic", "languages": ["en", "de", "fr"], "sourceLanguage": "en",
                 "configurations": ["original"], "resourceGroups": {"high": ["de"], "low": ["fr"]}}
                """);
        Path out = dir.resolve("xbcp");
        BenchRun run = BenchRun.of("build", "xbcp", "--task", task.toString(), "--config", "multilingual", "--languages", "de,fr",
                "--verify-sample", "1", "--max-tokens", "100000", "--out", out.toString());
        assertThat(run.code()).as(run.err()).isIn(0, 4);
        JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
        // two texts and e1's title
        assertThat(report.at("/translations/planned").asInt()).isEqualTo(3);
        assertThat(report.at("/translations/titles").asInt()).isEqualTo(1);
    }

    @Test
    void qaTranslateThenQaJudge() throws Exception {
        Path source = BuildQaTranslateCommandTest.writeSource(dir.resolve("source"));
        Path mixed = dir.resolve("mixed");
        BenchRun translate = BenchRun.of("build", "qa-translate", "--dataset", source.toString(), "--languages", "en,de",
                "--question-language", "random", "--max-tokens", "200000", "--out", mixed.toString());
        assertThat(translate.code()).as(translate.err()).isZero();
        Path judged = dir.resolve("judged");
        BenchRun judge = BenchRun.of("build", "qa-judge", "--dataset", mixed.toString(), "--source", source.toString(),
                "--paragraphs", "3", "--questions", "2", "--answers", "2", "--max-tokens", "100000", "--out", judged.toString());
        assertThat(judge.code()).as(judge.err()).isZero();
        JsonNode report = JSON.readTree(judged.resolve("build-report.json").toFile());
        assertThat(report.at("/units/judged").asInt() + report.at("/units/failed").asInt()).isEqualTo(report.at("/units/sampled").asInt());
    }
}
