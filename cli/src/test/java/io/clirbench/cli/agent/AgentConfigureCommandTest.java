package io.clirbench.cli.agent;

import io.clirbench.cli.BenchRun;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench agent configure} on a copy of xquad-agentic: the METRICS.md §5 rules checked by counting the written
 * assignment files (round-robin: every language gets ⌊240/L⌋ or ⌈240/L⌉; cross-lingual: each query's evidence takes
 * its language), re-running gives the same bytes, and bad arguments give one clear line.
 */
class AgentConfigureCommandTest {

    static final Path TASK = Path.of(System.getProperty("project.root", "..")).resolve("datasets/xquad-agentic");
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path task;

    @BeforeEach
    void copyTask() throws IOException {
        task = dir.resolve("task");
        try (Stream<Path> files = Files.walk(TASK)) {
            for (Path p : files.toList()) {
                Path target = task.resolve(TASK.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    @Test
    void crossLingualDealsLanguagesRoundRobinAndMovesEachQuerysEvidence() throws IOException {
        BenchRun run = BenchRun.of("agent", "configure", "--task", task.toString(), "--config", "three-way", "--rule", "cross-lingual",
                "--languages", "de,zh,hi", "--seed", "7");
        assertThat(run.code()).as(run.err()).isZero();
        Path c = task.resolve("configurations/three-way");
        JsonNode queries = JSON.readTree(c.resolve("query_lang_assignment.json").toFile());
        JsonNode docs = JSON.readTree(c.resolve("lang_assignment.json").toFile());
        Map<String, Integer> perLanguage = new HashMap<>();
        queries.properties().forEach(e -> perLanguage.merge(e.getValue().asText(), 1, Integer::sum));
        assertThat(perLanguage).containsOnlyKeys("de", "zh", "hi").allSatisfy((l, n) -> assertThat(n).isEqualTo(80)); // 240 / 3
        for (String line : Files.readAllLines(task.resolve("qrels-evidence.tsv")).subList(1, 241)) {
            String[] col = line.split("\t");
            assertThat(docs.get(col[1]).asText()).as(line).isEqualTo(queries.get(col[0]).asText());
        }
        JsonNode info = JSON.readTree(c.resolve("configuration.json").toFile());
        info.get("versions").properties().forEach(e -> {
            String lang = docs.get(e.getKey()).asText();
            assertThat(e.getValue().asText()).isEqualTo(lang + e.getKey().substring(e.getKey().indexOf('/')));
            assertThat(info.get("provenance").get(e.getValue().asText()).asText()).isEqualTo("corpus");
        });
        assertThat(JSON.readTree(task.resolve("dataset.json").toFile()).get("configurations").toString()).contains("three-way");
        byte[] before = Files.readAllBytes(c.resolve("configuration.json"));
        assertThat(BenchRun.of("agent", "configure", "--task", task.toString(), "--config", "three-way", "--rule", "cross-lingual",
                "--languages", "de,zh,hi", "--seed", "7").code()).isZero();
        assertThat(Files.readAllBytes(c.resolve("configuration.json"))).isEqualTo(before);
        // the configuration is usable at once: the baseline and the evaluation read it
        assertThat(BenchRun.of("agent", "baseline-offline", "--task", task.toString(), "--config", "three-way", "--out",
                dir.resolve("run").toString()).code()).isZero();
        BenchRun eval = BenchRun.of("agent", "eval", "--task", task.toString(), "--run", dir.resolve("run").toString(), "--bootstrap", "0");
        assertThat(eval.code()).as(eval.err()).isZero();
        assertThat(eval.out()).contains("three-way");
    }

    @Test
    void multilingualSpreadsTheEvidenceDocumentsOverTheLanguages() throws IOException {
        assertThat(BenchRun.of("agent", "configure", "--task", task.toString(), "--config", "multilingual",
                "--languages", "ar,de,el,es,hi,ro,ru,th,tr,vi,zh", "--seed", "9").code()).isZero();
        JsonNode docs = JSON.readTree(task.resolve("configurations/multilingual/lang_assignment.json").toFile());
        Map<String, Integer> perLanguage = new HashMap<>();
        docs.properties().forEach(e -> perLanguage.merge(e.getValue().asText(), 1, Integer::sum));
        assertThat(docs.size()).isEqualTo(240);
        assertThat(perLanguage.values()).allSatisfy(n -> assertThat(n).isBetween(21, 22)); // 240 over 11
        assertThat(task.resolve("configurations/multilingual/query_lang_assignment.json")).doesNotExist();
        // a different seed than the shipped one (42) gives a different assignment
        assertThat(Files.readString(task.resolve("configurations/multilingual/lang_assignment.json")))
                .isNotEqualTo(Files.readString(TASK.resolve("configurations/multilingual/lang_assignment.json")));
    }

    /**
     * {@code --translator openai} on the build runner: ORACLE-TQ+TP of the shipped cross-lingual configuration needs its
     * 240 questions and the oracle prompt in each of the 11 evidence languages translated, 251 calls (as
     * XbcpStudyCommandTest counts). A dry run makes none; the run makes 251 and records the provenance; a second run
     * is served from the journal in TASK.work and writes the same bytes.
     */
    @Test
    void theTranslatorRunsOnTheBuildRunnerWithDryRunJournalAndProvenance() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> {
            Matcher m = Pattern.compile("into [^(]*\\((\\S+)\\)").matcher(body.path("messages").get(0).path("content").asText());
            assertThat(m.find()).isTrue();
            try {
                ObjectNode o = (ObjectNode) JSON.readTree(Reply.ok("[" + m.group(1) + "] " + ChatCompletionsServer.message(body, "user"), 40,
                        40).body());
                return new Reply(200, o.put("model", "tm-2026-01").toString(), null, 0);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        })) {
            Path models = Files.writeString(dir.resolve("models.json"), "{\"translator\": {\"base_url\": \"" + server.baseUrl()
                    + "\", \"model\": \"tm\"}, \"prices\": {\"tm\": {\"input_per_mtok\": 1, \"output_per_mtok\": 2}}}");
            String[] args = {"agent", "configure", "--task", task.toString(), "--config", "cross-lingual", "--oracle", "--oracle-variants",
                "oracle-tq-tp", "--translator", "openai", "--models", models.toString()};
            Path written = task.resolve("configurations/cross-lingual/oracle/oracle-tq-tp.json");
            BenchRun dry = BenchRun.of(Stream.concat(Stream.of(args), Stream.of("--dry-run")).toArray(String[]::new));
            assertThat(dry.code()).as(dry.err()).isZero();
            assertThat(dry.err()).contains("translator: 251 calls (per prompt: {agent-configure-translate=251})", "cost estimate: $",
                    "--- agent-configure-translate (version 1");
            assertThat(server.requests()).isZero();
            assertThat(written).doesNotExist();
            BenchRun run = BenchRun.of(args);
            assertThat(run.code()).as(run.err()).isZero();
            assertThat(server.requests()).isEqualTo(251);
            JsonNode provenance = JSON.readTree(task.resolve("configurations/cross-lingual/oracle/translation-provenance.json").toFile())
                    .path("translator");
            assertThat(provenance.path("model").asText()).isEqualTo("tm");
            assertThat(provenance.path("reported_models").get(0).asText()).isEqualTo("tm-2026-01");
            assertThat(provenance.path("prompts").get(0).path("id").asText()).isEqualTo("agent-configure-translate");
            assertThat(provenance.path("calls").asInt()).isEqualTo(251);
            byte[] before = Files.readAllBytes(written);
            assertThat(BenchRun.of(args).code()).isZero();
            assertThat(server.requests()).isEqualTo(251); // every answer from dir/task.work/calls.jsonl
            assertThat(dir.resolve("task.work/calls.jsonl")).exists();
            assertThat(Files.readAllBytes(written)).isEqualTo(before);
        }
    }

    @Test
    void badArgumentsGiveOneClearLine() {
        for (List<String> args : List.of(
                List.of("--config", "cross-lingual", "--languages", "german"),
                List.of("--config", "bilingual", "--languages", "de"),
                List.of("--config", "cross-lingual"),
                List.of("--config", "multilingual", "--languages", "de", "--translator", "deepl"),
                List.of("--config", "multilingual", "--languages", "de", "--dry-run"),
                List.of("--config", "multilingual", "--languages", "de", "--translator-model", "m"))) {
            String[] full = Stream.concat(Stream.of("agent", "configure", "--task", task.toString()), args.stream()).toArray(String[]::new);
            BenchRun run = BenchRun.of(full);
            assertThat(run.code()).as(String.join(" ", args)).isEqualTo(1);
            assertThat(run.err()).startsWith("bench agent configure: ");
        }
        assertThat(BenchRun.of("agent", "configure", "--task", task.toString(), "--config", "x", "--rule", "cross-lingual",
                "--languages", "german").err()).contains("language 'german' is not a language ICU knows");
        assertThat(BenchRun.of("agent", "configure", "--task", task.toString(), "--config", "bilingual", "--languages", "de").err())
                .contains("--rule 'bilingual' is not one of [original, cross-lingual, multilingual]");
        assertThat(BenchRun.of("agent", "configure", "--task", task.toString(), "--config", "cross-lingual").err())
                .contains("--languages is required for the cross-lingual rule");
    }
}
