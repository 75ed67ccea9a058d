package io.clirbench.cli.build;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchRun;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench build qac} end to end against a local chat-completions server whose "model" is a script. Corpus: four
 * patent families with ChemCLIR docids ({@code P1_en}, ...): P1 {en, fr}, P2 {en, de}, P3 {de}, P4 {en, de, fr, es}.
 * The generator answers three candidates per passage; the verifier scores candidate (1) 4 on every criterion
 * (total 3·4 + 5·4 = 32), (2) 5 (total 40), (3) 3 (total 24), so candidate 2 is kept. Counts follow by hand.
 */
class BuildQacCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern DOC = Pattern.compile("Passage of (P\\d_[a-z]{2})");
    private static final Pattern CANDIDATE = Pattern.compile("Question: .*\\((\\d)\\)");

    @TempDir
    Path dir;
    Path corpus;

    @BeforeEach
    void writeCorpus() throws Exception {
        Map<String, List<String>> families = Map.of("P1", List.of("en", "fr"), "P2", List.of("en", "de"), "P3", List.of("de"),
                "P4", List.of("en", "de", "fr", "es"));
        StringBuilder sb = new StringBuilder();
        for (String f : List.of("P1", "P2", "P3", "P4")) {
            for (String l : families.get(f)) {
                sb.append(JSON.createObjectNode().put("_id", f + "_" + l).put("text", "Passage of " + f + "_" + l
                        + ": the catalyst works at 450 K with zeolite.").put("lang", l).put("family", f)).append('\n');
            }
        }
        corpus = dir.resolve("corpus.jsonl");
        Files.writeString(corpus, sb.toString());
    }

    /** The script; {@code faults} switches on the misbehaviours of the rejection test. */
    static Reply script(JsonNode request, boolean faults) {
        String system = ChatCompletionsServer.message(request, "system");
        String user = request.path("messages").get(1).path("content").asText(); // the first user message: retries add more
        String all = request.path("messages").toString();
        if (system.startsWith("You verify search questions")) {
            Matcher d = DOC.matcher(user);
            d.find();
            Matcher c = CANDIDATE.matcher(user);
            c.find();
            int n = Integer.parseInt(c.group(1));
            int score = n == 1 ? 4 : n == 2 ? 5 : 3;
            if (faults && d.group(1).startsWith("P2")) {
                score = 3; // every P2 candidate totals 24 < 30
            }
            if (faults && d.group(1).startsWith("P3") && n == 1) {
                return Reply.ok("{\"faith_grounding\": 9}", 100, 20); // out of range, and fields missing
            }
            boolean technical = system.contains("technical mode");
            List<String> fields = new ArrayList<>(List.of("faith_grounding", "faith_precision", "faith_numerical_fidelity"));
            fields.addAll(technical ? List.of("qual_search_bar_realism", "qual_specificity", "qual_phrasing_economy", "qual_focus")
                    : List.of("qual_search_realism", "qual_lexical_distance", "qual_conceptual_framing", "qual_retrievability"));
            fields.add("qual_linguistic_quality");
            var o = JSON.createObjectNode();
            for (String f : fields) {
                o.put(f, score);
            }
            o.put("failure_type", "none");
            return Reply.ok(o.toString(), 100, 20);
        }
        Matcher d = DOC.matcher(all);
        d.find();
        String doc = d.group(1);
        if (faults && doc.startsWith("P1")) {
            return Reply.ok("{\"candidates\": [{\"question\": \"cut off", 200, 30); // truncated JSON, every time
        }
        boolean technical = !system.contains("\"framing\"");
        var o = JSON.createObjectNode();
        var list = o.putArray("candidates");
        for (int i = 1; i <= 3; i++) {
            list.addObject().put("question", "Which catalyst temperature in " + doc + "? (" + i + ")").put("answer", "450 K")
                    .put(technical ? "type" : "framing", technical ? "parameter" : "approach");
        }
        return Reply.ok(o.toString(), 200, 60);
    }

    private Path models(ChatCompletionsServer server) throws Exception {
        Path models = dir.resolve("models-" + server.baseUrl().getPort() + ".json");
        Files.writeString(models, "{\"generator\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"gen-1\","
                + " \"revision\": \"g7\"},"
                + " \"verifier\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"ver-1\"}}");
        return models;
    }

    private String[] args(Path models, Path out, String... more) {
        List<String> a = new ArrayList<>(List.of("build", "qac", "--corpus", corpus.toString(), "--models", models.toString(), "--out",
                out.toString(), "--seed", "3"));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void buildsADatasetAndAQacCsvThatTheImporterAndTheEvaluationRead() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, false))) {
            Path out = dir.resolve("out");
            BenchRun run = BenchRun.of(args(models(server), out, "--setup", "all", "--mode", "technical", "--languages", "en,de"));
            assertThat(run.code()).as(run.err()).isZero();
            // 4 families (one source each) x 2 languages = 8 questions; 1 generator + 3 verifier calls each
            assertThat(server.requests()).isEqualTo(32);
            JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
            assertThat(report.at("/counts/items").asInt()).isEqualTo(8);
            assertThat(report.at("/counts/kept").asInt()).isEqualTo(8);
            assertThat(report.at("/kept/per_language/en").asInt()).isEqualTo(4);
            assertThat(report.at("/kept/per_language/de").asInt()).isEqualTo(4);
            assertThat(report.at("/kept/per_mode/technical").asInt()).isEqualTo(8);
            assertThat(report.at("/verifier_totals/all_scored_candidates").toString()).isEqualTo("{\"24\":8,\"32\":8,\"40\":8}");
            assertThat(report.at("/verifier_totals/kept_mean").asDouble()).isEqualTo(40.0);
            // gen-1: 8 calls of 200 + 60 tokens; ver-1: 24 calls of 100 + 20
            assertThat(report.at("/usage/0/model").asText()).isEqualTo("gen-1");
            assertThat(report.at("/usage/0/completion_tokens").asInt()).isEqualTo(480);
            assertThat(report.at("/usage/1/prompt_tokens").asInt()).isEqualTo(2400);

            Dataset built = DatasetReader.read(out);
            assertThat(built.queries()).hasSize(8).allSatisfy(q -> assertThat(q.text()).endsWith("(2)"));
            for (Query q : built.queries()) {
                String gold = built.qrels().judgments(q.id()).keySet().iterator().next();
                assertThat(q.text()).contains(gold); // the question was generated from its gold document
            }
            List<String> csv = Files.readAllLines(out.resolve("qac.csv"));
            assertThat(csv).hasSize(9);
            assertThat(csv.get(0)).isEqualTo(Files.readAllLines(Path.of("../../shared/data/chemclir/balanced_100_qac.csv")).get(0));
            // the CSV reads back through the ChemCLIR importer into the same questions and judgements
            Path imported = dir.resolve("imported");
            BenchRun imp = BenchRun.of("import", "chemclir-qac", "--qac", out.resolve("qac.csv").toString(), "--corpus", corpus.toString(),
                    "--out", imported.toString());
            assertThat(imp.code()).as(imp.err()).isZero();
            Dataset back = DatasetReader.read(imported);
            assertThat(back.queries()).extracting(Query::id, Query::text, Query::lang)
                    .containsExactlyElementsOf(built.queries().stream().map(q -> org.assertj.core.groups.Tuple.tuple(q.id(), q.text(),
                            q.lang())).toList());
            assertThat(back.qrels().asMap()).isEqualTo(built.qrels().asMap());
            // bench eval reads the dataset: a run that returns each question's source document first has recall@10 = 1
            StringBuilder trec = new StringBuilder();
            for (Query q : built.queries()) {
                trec.append(q.id()).append(" Q0 ").append(built.qrels().judgments(q.id()).keySet().iterator().next()).append(" 1 1.0 oracle\n");
            }
            Files.writeString(dir.resolve("oracle.run"), trec.toString());
            BenchRun eval = BenchRun.of("eval", "--dataset", out.toString(), "--run", dir.resolve("oracle.run").toString());
            assertThat(eval.code()).as(eval.err()).isZero();
            // candidates.jsonl: 8 questions x 3 candidates, with provenance
            List<String> candidates = Files.readAllLines(out.resolve("candidates.jsonl"));
            assertThat(candidates).hasSize(24);
            assertThat(candidates.get(0)).contains("\"prompt_id\":\"qac-technical-").contains("\"model\":\"gen-1\",\"revision\":\"g7\"")
                    .contains("prompt_sha256").contains("\"model\":\"ver-1\",\"prompt_id\"");

            // a re-run pays nothing and gives the same bytes
            var before = BuildProcess.tree(out);
            assertThat(BenchRun.of(args(models(server), out, "--setup", "all", "--mode", "technical", "--languages", "en,de")).code()).isZero();
            assertThat(server.requests()).isEqualTo(32);
            assertThat(BuildProcess.tree(out)).isEqualTo(before);
        }
    }

    @Test
    void truncatedRepliesLowScoresAndUnscorableCandidatesAreRecordedRejections() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, true))) {
            Path out = dir.resolve("out");
            BenchRun run = BenchRun.of(args(models(server), out, "--setup", "random-missing", "--mode", "general", "--languages",
                    "en,de,fr,es", "--max-attempts", "2"));
            assertThat(run.code()).as(run.err()).isZero();
            JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
            // P4 has every language: skipped. P1: truncated JSON twice -> rejected. P2: best 24 < 30 -> rejected.
            // P3: candidate 1 unscorable (twice), 2 and 3 scored: kept (40)
            assertThat(report.at("/counts/skipped_sources").asInt()).isEqualTo(1);
            assertThat(report.at("/counts/items").asInt()).isEqualTo(3);
            assertThat(report.at("/counts/kept").asInt()).isEqualTo(1);
            assertThat(report.at("/verifier_totals/unscored_candidates").asInt()).isEqualTo(1);
            assertThat(report.at("/rejections_by_reason").toString()).contains("generator: the reply's JSON is malformed or truncated")
                    .contains("selection: below --min-score").contains("plan: the family has a version in every target language");
            List<String> rejections = Files.readAllLines(out.resolve("rejections.jsonl"));
            assertThat(rejections).hasSize(3);
            Dataset built = DatasetReader.read(out);
            assertThat(built.queries()).singleElement().satisfies(q -> {
                assertThat(q.family()).isEqualTo("P3");
                assertThat(q.lang()).isNotEqualTo("de"); // random-missing: a language P3 lacks
            });
            // P1: 2 generator calls; P2: 1 + 3; P3: 1 + 2 (candidate 1) + 1 + 1
            assertThat(server.requests()).isEqualTo(2 + 4 + 5);
        }
    }

    @Test
    void aDryRunCountsTheCallsAndAMissingLanguagePromptIsNamed() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, false))) {
            BenchRun dry = BenchRun.of(args(models(server), dir.resolve("dry"), "--setup", "all", "--languages", "en,de,fr", "--dry-run"));
            assertThat(dry.code()).as(dry.err()).isZero();
            // 4 families x 3 languages
            assertThat(dry.err()).contains("generator: 12 calls").contains("verifier: 36 calls").contains("[system]");
            BenchRun ja = BenchRun.of(args(models(server), dir.resolve("ja"), "--setup", "all", "--languages", "ja", "--mode", "general"));
            assertThat(ja.code()).isEqualTo(1);
            assertThat(ja.err()).contains("no prompt qac/general.ja.txt").contains("--prompts");
            assertThat(server.requests()).isZero();
        }
    }

    @Test
    void aBuildKilledMidwayAndStartedAgainGivesTheSameBytesWithoutPayingTwice() throws Exception {
        String[] options = {"--setup", "all", "--mode", "mixed", "--languages", "en,de", "--concurrency", "1", "--id", "tiny-qac"};
        Path whole = dir.resolve("whole");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, false))) {
            assertThat(BenchRun.of(args(models(server), whole, options)).code()).isZero();
        }
        Path resumed = dir.resolve("resumed");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> {
            Reply r = script(body, false);
            return new Reply(r.status(), r.body(), null, 150);
        })) {
            server.answerAtMost(10); // the killed build is paid for 10 calls, and journals them before the kill
            int code = BuildProcess.killAfterJournaledCallsThenResume(dir.resolve("log"), Map.of(), dir.resolve("resumed.work/calls.jsonl"),
                    10, server::release, Duration.ofMinutes(3), args(models(server), resumed, options));
            assertThat(code).as(Files.readString(dir.resolve("log.2"), StandardCharsets.UTF_8)).isZero();
            assertThat(BuildProcess.tree(resumed)).isEqualTo(BuildProcess.tree(whole));
            // no call answered twice; 4 families x 2 languages: 8 generator calls + 8 x 3 verifier calls = 32 answered in all
            assertThat(server.repeatedAnswers()).isEmpty();
            assertThat(server.answers()).isEqualTo(32);
            // at most the one request in flight at the kill (never answered) was asked again
            assertThat(server.requests()).isBetween(32, 33);
        }
    }
}
