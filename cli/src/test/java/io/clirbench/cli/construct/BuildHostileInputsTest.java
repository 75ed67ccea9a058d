package io.clirbench.cli.construct;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.cli.BenchRun;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, hostile inputs to {@code bench build qa-translate}, {@code qa-judge}, {@code xbcp} and {@code parallel}: each
 * is refused before any call (the scripted model server counts none) with exit code 1 and a message naming the option,
 * file or value, and the inputs are left as they were. Each case's "before" is in its comment.
 */
class BuildHostileInputsTest {

    @TempDir
    Path dir;
    Path source;
    ChatCompletionsServer server;
    Path models;

    @BeforeEach
    void start() throws Exception {
        source = BuildQaTranslateCommandTest.writeSource(dir.resolve("source"));
        server = ChatCompletionsServer.start((n, body) -> BuildQaTranslateCommandTest.script(body, false));
        models = dir.resolve("models.json");
        String endpoint = "{\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"m-1\"}";
        Files.writeString(models, "{\"translator\": " + endpoint + ", \"judge\": " + endpoint + "}");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private BenchRun refused(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        if (!all.get(1).equals("parallel")) {
            all.addAll(List.of("--models", models.toString()));
        }
        BenchRun run = BenchRun.of(all.toArray(String[]::new));
        assertThat(run.code()).as(run.err()).isEqualTo(1);
        assertThat(server.requests()).as("calls made").isZero();
        return run;
    }

    private static String instances(Path dataset) throws IOException {
        return Files.readString(dataset.resolve("instances.jsonl"));
    }

    @Test
    void qaTranslateRefusesLanguagesItsOutputCannotHold() throws Exception {
        Path out = dir.resolve("out");
        // before: 'kk' (ISO 639-1, not XHotpotQA's) was translated, paid for, and every instance drawn into it silently left
        // out: "wrote OUT: 6 instances of 6", instances.jsonl with fewer lines
        assertThat(refused("build", "qa-translate", "--dataset", source.toString(), "--languages", "kk,de", "--out", out.toString())
                .err()).contains("--languages: 'kk' is not one of XHotpotQA's 24 language codes [en, zh, hi, es, ar, fr, bn, pt, ru, "
                + "ur, id, de, ja, tr, vi, sw, ko, fa, it, th, nl, pl, el, sv], the only ones the output's layout holds");
        // before: accepted, de counted twice in the uniform draw and in the mixing audit's expectation
        assertThat(refused("build", "qa-translate", "--dataset", source.toString(), "--languages", "de,de", "--out", out.toString())
                .err()).contains("--languages: language 'de' is given twice");
        // refused: not a language tag (ARCHITECTURE.md "Language tags"); and one language in two forms is given twice
        assertThat(refused("build", "qa-translate", "--dataset", source.toString(), "--languages", "english", "--out", out.toString())
                .err()).contains("--languages: language 'english' is not a language ICU knows");
        assertThat(refused("build", "qa-translate", "--dataset", source.toString(), "--languages", "de,DEU", "--out", out.toString())
                .err()).contains("--languages: language 'DEU' is given twice (as 'de')");
        // before: a Czech source with --question-language source kept its Czech questions, and every instance was left out
        Path czech = Files.createDirectories(dir.resolve("czech"));
        Files.writeString(czech.resolve("instances.jsonl"), instances(source).replace("\"en\"", "\"cs\""));
        Files.writeString(czech.resolve("dataset.json"), Files.readString(source.resolve("dataset.json")).replace("\"en\"", "\"cs\""));
        assertThat(refused("build", "qa-translate", "--dataset", czech.toString(), "--languages", "de", "--question-language", "source",
                "--out", out.toString()).err())
                .contains("6 problems:", "instances.jsonl: record 2 (id 'i1'): question language 'cs' is not one of XHotpotQA's 24 "
                        + "codes, and --question-language source keeps it (the output's layout could not hold the instance): give "
                        + "--question-language assigned");
        assertThat(out).doesNotExist();
    }

    @Test
    void noBuildReplacesItsOwnInput() throws Exception {
        // an input that is itself an earlier build's output (its build-report.json), so that the foreign-output check let it by
        Files.writeString(source.resolve("build-report.json"), "{}\n");
        String before = instances(source);
        // before: qa-translate and qa-judge (their output over their input) replaced the dataset with their own output
        assertThat(refused("build", "qa-translate", "--dataset", source.toString(), "--languages", "de", "--out", source.toString())
                .err()).contains("--out " + source + " is --dataset " + source + ": the build replaces its output directory whole, "
                + "which would delete its input; choose another output");
        Path other = BuildQaTranslateCommandTest.writeSource(dir.resolve("other"));
        assertThat(refused("build", "qa-judge", "--dataset", source.toString(), "--source", other.toString(), "--out",
                source.toString()).err()).contains("--out " + source + " is --dataset " + source + ":");
        Path viaDots = dir.resolve("x/../source");
        assertThat(refused("build", "qa-judge", "--dataset", other.toString(), "--source", source.toString(), "--out",
                viaDots.toString()).err()).contains("--out " + viaDots + " is --source " + source + ":");
        assertThat(instances(source)).isEqualTo(before);
        assertThat(source.resolve("build-report.json")).hasContent("{}");
    }

    /** A small agentic task (two English evidence documents) in {@code task}. */
    static Path writeTask(Path task) throws IOException {
        Files.createDirectories(task);
        Files.writeString(task.resolve("corpus.jsonl"), """
                {"_id": "e1", "title": "T1", "text": "Evidence one.", "lang": "en", "family": "f1"}
                {"_id": "e2", "title": "T2", "text": "Evidence two.", "lang": "en", "family": "f2"}
                """);
        Files.writeString(task.resolve("queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"Q1?\", \"lang\": \"en\", \"answer\": \"a\"}\n");
        String qrels = "query-id\tcorpus-id\tscore\nq1\te1\t1\nq1\te2\t1\n";
        Files.writeString(task.resolve("qrels-evidence.tsv"), qrels);
        Files.writeString(task.resolve("qrels-gold.tsv"), qrels);
        Files.writeString(task.resolve("dataset.json"), "{\"id\": \"tiny\", \"name\": \"t\", \"kind\": \"agentic\", \"languages\": "
                + "[\"en\", \"de\"], \"sourceLanguage\": \"en\", \"configurations\": [\"original\"]}\n");
        return task;
    }

    @Test
    void xbcpRefusesAnOutputHoldingTheTaskALinkedOutputAndLinksInTheTask() throws Exception {
        Path out = Files.createDirectories(dir.resolve("earlier-build"));
        Files.writeString(out.resolve("build-report.json"), "{}\n");
        Path task = writeTask(out.resolve("task"));
        // before: the build copied the task, then deleted the old OUT and the task in it
        assertThat(refused("build", "xbcp", "--task", task.toString(), "--config", "multilingual", "--languages", "de", "--out",
                out.toString()).err()).contains("--out " + out + " holds --task " + task + ": the build replaces its output directory "
                + "whole, which would delete its input");
        assertThat(task.resolve("corpus.jsonl")).exists();
        // before: accepted, the link replaced by a directory
        Path linked = Files.createSymbolicLink(dir.resolve("linked-out"), out);
        Path plainTask = writeTask(dir.resolve("task"));
        assertThat(refused("build", "xbcp", "--task", plainTask.toString(), "--config", "multilingual", "--languages", "de", "--out",
                linked.toString()).err()).contains("--out " + linked + " is a symbolic link: the build replaces its output directory "
                + "whole, so it would replace the link, not what it leads to; give the directory itself");
        // before: the link was followed and what it led to copied into OUT
        Path secret = Files.writeString(dir.resolve("secret.txt"), "not part of the task");
        Files.createSymbolicLink(plainTask.resolve("notes.txt"), secret);
        assertThat(refused("build", "xbcp", "--task", plainTask.toString(), "--config", "multilingual", "--languages", "de", "--out",
                dir.resolve("xo").toString()).err()).contains("--task " + plainTask + ": notes.txt: a symbolic link in the dataset "
                + "directory, which is refused");
        // before: accepted, de drawn twice as often
        Files.delete(plainTask.resolve("notes.txt"));
        assertThat(refused("build", "xbcp", "--task", plainTask.toString(), "--config", "multilingual", "--languages", "de,fr,de",
                "--out", dir.resolve("xo").toString()).err()).contains("--languages: language 'de' is given twice");
        assertThat(dir.resolve("xo")).doesNotExist();
    }

    @Test
    void parallelRefusesItsSourceAsOutputAndADescriptorOrIdsItsReadersWouldRefuse() throws Exception {
        Path corpusDir = Files.createDirectories(dir.resolve("parallel"));
        Path corpus = corpusDir.resolve("corpus.jsonl");
        String lines = """
                {"_id": "cp_en", "title": "copy files", "text": "cp copies", "lang": "en", "family": "cp"}
                {"_id": "cp_de", "title": "Dateien kopieren", "text": "cp kopiert", "lang": "de", "family": "cp"}
                """;
        Files.writeString(corpus, lines);
        // before: --force replaced the directory holding the source with the dataset, and the source was gone
        assertThat(refused("build", "parallel", "--format", "corpus", "--source", corpus.toString(), "--out", corpusDir.toString(),
                "--force").err()).contains("--out " + corpusDir + " holds --source " + corpus + ":");
        assertThat(corpus).hasContent(lines.strip());
        // before: written, and refused only at registration
        Path out = dir.resolve("out");
        assertThat(refused("build", "parallel", "--format", "corpus", "--source", corpus.toString(), "--id", "../../x", "--out",
                out.toString()).err()).contains("dataset.json: 'id' '../../x' must match [A-Za-z0-9][A-Za-z0-9._+-]{0,127} (it names "
                + "directories, collections and files)");
        assertThat(refused("build", "parallel", "--format", "corpus", "--source", corpus.toString(), "--license", "x".repeat(1001),
                "--out", out.toString()).err()).contains("dataset.json: 'license' must be at most 1000 characters, found 1001");
        // before: the family's tab went into the query id, and split the qrels' lines
        Files.writeString(corpus, lines.replace("\"family\": \"cp\"", "\"family\": \"c\\tp\""));
        assertThat(refused("build", "parallel", "--format", "corpus", "--source", corpus.toString(), "--out", out.toString()).err())
                .contains(corpus + ": document 'cp_en': 'family' 'c\\u0009p' has the character U+0009 at offset 1: ids made from it go "
                        + "into TREC and TSV files");
        // before: an empty dataset was written
        Path empty = Files.createDirectories(dir.resolve("no-pages/en"));
        assertThat(refused("build", "parallel", "--source", empty.getParent().toString(), "--out", out.toString()).err())
                .contains(empty.getParent() + ": no usable man page (LANG/PAGE.SECTION.gz with a NAME description): nothing to build");
        assertThat(out).doesNotExist();
    }

    @Test
    void aTranslationReplyThatIsNotTextIsARejectionNotAQuestionMark() throws Exception {
        server.close();
        // every paragraph's reply holds "\ud800" in its first sentence: valid JSON, no text
        try (ChatCompletionsServer broken = ChatCompletionsServer.start((n, body) -> Reply.ok(
                "{\"title\": \"[de] T\", \"sentences\": [\"[de] a\\ud800\", \"[de] b\"]}", 10, 10))) {
            Files.writeString(models, "{\"translator\": {\"base_url\": \"" + broken.baseUrl() + "\", \"model\": \"m-1\"}}");
            Path out = dir.resolve("out");
            BenchRun run = BenchRun.of("build", "qa-translate", "--dataset", source.toString(), "--languages", "de", "--models",
                    models.toString(), "--out", out.toString(), "--max-attempts", "2");
            assertThat(run.code()).as(run.err()).isZero();
            // before: 6 instances written, each such sentence ending in '?'
            assertThat(instances(out)).isEmpty();
            assertThat(Files.readString(out.resolve("rejections.jsonl"))).contains("\"id\":\"i0\"", "the reply's JSON is not text: "
                    + "'sentences[0]' has an unpaired surrogate U+D800 at character 6");
            assertThat(broken.requests()).isEqualTo(6 * 2); // each instance's first paragraph, asked twice
        }
        server = ChatCompletionsServer.start((n, body) -> Reply.ok("{}", 1, 1)); // for stop()
    }
}
