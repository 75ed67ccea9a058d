package io.clirbench.cli.construct;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import io.clirbench.cli.BenchRun;
import io.clirbench.cli.qa.QaExportCommandTest;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench build qa-judge} end to end: the six English instances of {@link BuildQaTranslateCommandTest} translated by
 * {@code bench build qa-translate} (scripted translator; languages en, de, fr; questions drawn too), then judged against
 * a scripted judge that gives every paragraph 90, every question 35 (tag "mistranslation") and answers every answer in
 * the peer's legacy format ({@code SCORE: 80}, not the strict JSON), so that every answer is a recorded failure. The
 * expected counts follow from the translated instances, counted in the test from the files; the sample itself is
 * compared with the peer's own {@code sample_units} over the same files.
 */
class BuildQaJudgeCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path source;
    Path translated;

    @BeforeEach
    void translate() throws Exception {
        source = BuildQaTranslateCommandTest.writeSource(dir.resolve("source"));
        translated = dir.resolve("mixed");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> BuildQaTranslateCommandTest.script(body, false))) {
            Path models = dir.resolve("translator.json");
            Files.writeString(models, "{\"translator\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"mt-1\"}}");
            BenchRun run = BenchRun.of("build", "qa-translate", "--dataset", source.toString(), "--languages", "en,de,fr",
                    "--question-language", "random", "--seed", "5", "--models", models.toString(), "--out", translated.toString(),
                    // the scripted "translations" are English tagged [de]: the language-id gate would rightly quarantine them
                    "--gates", "entity-number,answer-occurrence,exact-copy");
            assertThat(run.code()).as(run.err()).isZero();
        }
    }

    static Reply script(JsonNode request) {
        return switch (json(request.path("messages").get(1).path("content").asText()).get("unit").asText()) {
            case "paragraph" -> Reply.ok("{\"score\": 90, \"rationale\": \"Faithful.\", \"error_tags\": []}", 300, 30);
            case "question" -> Reply.ok("{\"score\": 35, \"rationale\": \"Wrong fact.\", \"error_tags\": [\"mistranslation\"]}", 200, 30);
            default -> Reply.ok("The answer is fine.\nSCORE: 80", 200, 10);
        };
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private Path models(ChatCompletionsServer server) throws Exception {
        Path models = dir.resolve("judge-" + server.baseUrl().getPort() + ".json");
        Files.writeString(models, "{\"judge\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"judge-1\", \"revision\": \"j1\"}}");
        return models;
    }

    private String[] args(Path models, Path out, String... more) {
        List<String> a = new ArrayList<>(List.of("build", "qa-judge", "--dataset", translated.toString(), "--source", source.toString(),
                "--paragraphs", "2", "--questions", "1", "--answers", "1", "--seed", "7", "--max-attempts", "2",
                "--models", models.toString(), "--out", out.toString()));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    /** Paragraphs and questions per target language in the translated dataset, counted from its instances. */
    private int[] count(String lang) {
        int paragraphs = 0;
        int questions = 0;
        for (QaInstance i : QaDatasetReader.readAll(translated)) {
            paragraphs += (int) i.candidates().stream().filter(c -> c.language().equals(lang)).count();
            questions += i.questionLanguage().equals(lang) ? 1 : 0;
        }
        return new int[] {paragraphs, questions};
    }

    @Test
    void judgesTheSeededSampleRecordsFailuresAndReportsPerLanguage() throws Exception {
        int[] de = count("de");
        int[] fr = count("fr");
        // the data exercise every kind of unit in both languages (seed 5 of qa-translate)
        assertThat(List.of(de[0], de[1], fr[0], fr[1])).allSatisfy(n -> assertThat(n).isPositive());
        // sampled: at most 2 paragraphs, 1 question and 1 answer per language
        int paragraphs = Math.min(de[0], 2) + Math.min(fr[0], 2);
        int pairs = Math.min(de[1], 1) + Math.min(fr[1], 1);
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            Path out = dir.resolve("judged");
            BenchRun run = BenchRun.of(args(models(server), out));
            assertThat(run.code()).as(run.err()).isZero();
            // one call per paragraph and question; every answer is asked twice (--max-attempts 2), then fails
            assertThat(server.requests()).isEqualTo(paragraphs + pairs + 2 * pairs);
            JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
            assertThat(report.at("/units/sampled").asInt()).isEqualTo(paragraphs + 2 * pairs);
            assertThat(report.at("/units/failed").asInt()).isEqualTo(pairs);
            assertThat(report.at("/units/asked_again").asInt()).isEqualTo(pairs);
            assertThat(report.at("/per_language/de/paragraph/mean").asDouble()).isEqualTo(90.0);
            assertThat(report.at("/per_language/de/paragraph/distribution_by_ten").toString())
                    .isEqualTo("[0,0,0,0,0,0,0,0,0," + Math.min(de[0], 2) + "]");
            assertThat(report.at("/per_language/fr/question/share_below_40").asDouble()).isEqualTo(1.0);
            assertThat(report.at("/per_language/fr/question/share_below_10").asDouble()).isZero();
            assertThat(report.at("/per_language/fr/answer/judged").asInt()).isZero();
            assertThat(report.at("/per_language/fr/answer/mean").isNull()).isTrue();
            assertThat(report.at("/per_unit/paragraph/judged").asInt()).isEqualTo(paragraphs);
            assertThat(report.at("/failures_by_reason/the reply holds no JSON object").asInt()).isEqualTo(pairs);
            assertThat(report.at("/setup/prompt_hash").asText()).hasSize(64);
            assertThat(report.at("/usage/0/calls").asInt()).isEqualTo(paragraphs + 3 * pairs);
            assertThat(Files.readAllLines(out.resolve("failures.jsonl"))).hasSize(pairs)
                    .allSatisfy(l -> assertThat(l).contains("\"unit\":\"answer\"").contains("\"attempts\":2"));
            List<String> judged = Files.readAllLines(out.resolve("judgements.jsonl"));
            assertThat(judged).hasSize(paragraphs + pairs).allSatisfy(l -> assertThat(l).contains("\"model\":\"judge-1\",\"model_revision\":\"j1\"")
                    .contains("\"prompt_sha256\""));
            assertThat(judged).filteredOn(l -> l.contains("\"unit\":\"question\""))
                    .allSatisfy(l -> assertThat(l).contains("\"score\":35").contains("\"error_tags\":[\"mistranslation\"]"));
            // a question's judge saw the English source question and the translated one
            JsonNode question = server.bodies().stream().map(b -> b.path("messages").get(1).path("content").asText())
                    .filter(c -> c.contains("\"unit\":\"question\"")).map(BuildQaJudgeCommandTest::json).findFirst().orElseThrow();
            assertThat(question.get("source_text").asText()).startsWith("Which thing links i");
            // the scripted translator tags the source question ("[de] Which thing links i4?")
            assertThat(question.get("candidate_text").asText()).matches("\\[(de|fr)] Which thing links i[0-5]\\?");

            // a re-run pays nothing and gives the same bytes
            var before = BuildProcess.tree(out);
            int requests = server.requests();
            assertThat(BenchRun.of(args(models(server), out)).code()).isZero();
            assertThat(server.requests()).isEqualTo(requests);
            assertThat(BuildProcess.tree(out)).isEqualTo(before);
        }
    }

    @Test
    void theLegacyScoreLinePromptsTheWeightedOverallAndAVersionComparison() throws Exception {
        int[] de = count("de");
        int[] fr = count("fr");
        int paragraphs = Math.min(de[0], 2) + Math.min(fr[0], 2);
        int pairs = Math.min(de[1], 1) + Math.min(fr[1], 1);
        Path v2 = dir.resolve("v2");
        Path legacy = dir.resolve("legacy");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            assertThat(BenchRun.of(args(models(server), v2)).code()).isZero();
            int before = server.requests();
            BenchRun run = BenchRun.of(args(models(server), legacy, "--prompt", "legacy"));
            assertThat(run.code()).as(run.err()).isZero();
            // legacy: the JSON replies of paragraphs and questions are unusable (asked twice each), the answers' SCORE: 80 is read
            assertThat(server.requests() - before).isEqualTo(2 * paragraphs + 2 * pairs + pairs);
            assertThat(server.bodies().get(server.bodies().size() - 1).path("messages").get(0).path("content").asText())
                    .contains("SCORE: <integer>");
        }
        JsonNode a = JSON.readTree(v2.resolve("build-report.json").toFile());
        JsonNode b = JSON.readTree(legacy.resolve("build-report.json").toFile());
        assertThat(b.at("/per_unit/answer/mean").asDouble()).isEqualTo(80.0);
        assertThat(b.at("/per_unit/paragraph/judged").asInt()).isZero();
        // v2: weights as sampled, paragraph : question : answer = 2 : 1 : 1; every answer failed, so per language
        // (2 * 90 + 1 * 35) / 3 = 215/3, in both languages; overall the same; one value per stratum, no spread.
        assertThat(a.at("/weighted_overall/weights/paragraph").asInt()).isEqualTo(2);
        for (String lang : List.of("de", "fr")) {
            assertThat(a.at("/weighted_overall/per_language/" + lang + "/score").asDouble()).isCloseTo(215.0 / 3,
                    org.assertj.core.data.Offset.offset(1e-12));
        }
        assertThat(a.at("/weighted_overall/overall/ci_low").asDouble()).isCloseTo(215.0 / 3, org.assertj.core.data.Offset.offset(1e-12));
        // legacy: only answers judged, 80 each
        assertThat(b.at("/weighted_overall/overall/score").asDouble()).isEqualTo(80.0);
        // the comparison: 80 - 215/3 = 25/3 per language and overall
        Path cmp = dir.resolve("cmp");
        BenchRun compare = BenchRun.of("build", "qa-judge-compare", "--baseline", v2.toString(), "--candidate", legacy.toString(),
                "--bootstrap", "200", "--out", cmp.toString());
        assertThat(compare.code()).as(compare.err()).isZero();
        JsonNode c = JSON.readTree(cmp.resolve("comparison.json").toFile());
        assertThat(c.at("/difference/overall/score").asDouble()).isCloseTo(25.0 / 3, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(c.at("/difference/per_language/de/score").asDouble()).isCloseTo(25.0 / 3, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(compare.out()).contains("## Difference (candidate - baseline)", "| overall | 8.33 | [8.33, 8.33] |");
        // a different design does not compare
        Path other = dir.resolve("other");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            String[] oneParagraph = args(models(server), other);
            oneParagraph[List.of(oneParagraph).indexOf("--paragraphs") + 1] = "1";
            assertThat(BenchRun.of(oneParagraph).code()).isZero();
        }
        assertThat(BenchRun.of("build", "qa-judge-compare", "--baseline", v2.toString(), "--candidate", other.toString()).err())
                .contains("the weighted scores of different designs do not compare");
    }

    @Test
    void theSampleIsThePeersForTheSameFilesAndSeed() throws Exception {
        QaExportCommandTest.requirePeer();
        // the source in HotpotQA's layout, which the peer's load_source_records reads
        ArrayNode hotpot = JSON.createArrayNode();
        for (QaInstance s : QaDatasetReader.readAll(source)) {
            var o = hotpot.addObject().put("_id", s.sourceId()).put("question", s.question()).put("answer", s.answer());
            ArrayNode context = o.putArray("context");
            for (Candidate c : s.candidates()) {
                ArrayNode p = context.addArray().add(c.title());
                c.sentences().forEach(p.addArray()::add);
            }
        }
        Path hotpotFile = dir.resolve("hotpot.json");
        Files.writeString(hotpotFile, hotpot.toString());
        Path script = Path.of(BuildQaJudgeCommandTest.class.getResource("/qa/xhotpotqa_judge_sample.py").toURI());
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            for (String[] sizes : new String[][] {{"7", "2", "1", "1"}, {"20260810", "80", "20", "20"}, {"3", "1", "0", "2"}}) {
                Path out = dir.resolve("dry-" + sizes[0] + "-" + sizes[1]);
                BenchRun run = BenchRun.of("build", "qa-judge", "--dataset", translated.toString(), "--source", source.toString(),
                        "--seed", sizes[0], "--paragraphs", sizes[1], "--questions", sizes[2], "--answers", sizes[3],
                        "--models", models(server).toString(), "--out", out.toString());
                assertThat(run.code()).as(run.err()).isZero();
                List<String> ours = new ArrayList<>();
                for (String line : Files.readAllLines(out.resolve("sample.jsonl"))) {
                    ours.add(JSON.readTree(line).get("record_id").asText());
                }
                String peer = QaExportCommandTest.python(script.toString(), translated.resolve("instances.jsonl").toString(),
                        hotpotFile.toString(), sizes[0], sizes[1], sizes[2], sizes[3]);
                List<String> theirs = new ArrayList<>();
                JSON.readTree(peer).forEach(n -> theirs.add(n.asText()));
                assertThat(theirs).as("seed %s, sizes %s/%s/%s", (Object[]) sizes).isNotEmpty();
                assertThat(ours).as("seed %s, sizes %s/%s/%s", (Object[]) sizes).isEqualTo(theirs);
            }
        }
    }

    @Test
    void aBuildStoppedByTheBudgetResumesToTheSameBytesWithoutPayingTwice() throws Exception {
        Path whole = dir.resolve("whole");
        Path resumed = dir.resolve("resumed");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            assertThat(BenchRun.of(args(models(server), whole, "--concurrency", "1")).code()).isZero();
            int wholeCalls = server.requests();
            // --max-tokens 1: the first call starts (nothing spent yet), then the budget is spent and the build stops
            BenchRun stopped = BenchRun.of(args(models(server), resumed, "--concurrency", "1", "--max-tokens", "1"));
            assertThat(stopped.code()).as(stopped.err()).isEqualTo(3);
            assertThat(resumed).doesNotExist();
            assertThat(BenchRun.of(args(models(server), resumed, "--concurrency", "1")).code()).isZero();
            assertThat(BuildProcess.tree(resumed)).isEqualTo(BuildProcess.tree(whole));
            // the resumed build paid once for each call: the stopped run's one call was not asked again
            assertThat(server.requests()).isEqualTo(2 * wholeCalls);
        }
    }

    @Test
    void aBuildKilledMidwayAndStartedAgainGivesTheSameBytesWithoutPayingTwice() throws Exception {
        Path whole = dir.resolve("whole");
        int wholeAnswers;
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            assertThat(BenchRun.of(args(models(server), whole, "--concurrency", "1")).code()).isZero();
            wholeAnswers = server.answers();
        }
        Path resumed = dir.resolve("resumed");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> {
            Reply r = script(body);
            return new Reply(r.status(), r.body(), null, 150);
        })) {
            server.answerAtMost(2); // the killed build is paid for 2 calls, and journals them before the kill
            int code = BuildProcess.killAfterJournaledCallsThenResume(dir.resolve("log"), java.util.Map.of(),
                    dir.resolve("resumed.work/calls.jsonl"), 2, server::release, java.time.Duration.ofMinutes(3),
                    args(models(server), resumed, "--concurrency", "1"));
            assertThat(code).as(Files.readString(dir.resolve("log.2"))).isZero();
            assertThat(BuildProcess.tree(resumed)).isEqualTo(BuildProcess.tree(whole));
            // every call of the uninterrupted build answered once, none twice
            assertThat(server.repeatedAnswers()).isEmpty();
            assertThat(server.answers()).isEqualTo(wholeAnswers);
        }
    }

    @Test
    void aDryRunCountsTheCallsAndMakesNone() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            BenchRun run = BenchRun.of(args(models(server), dir.resolve("dry"), "--dry-run"));
            assertThat(run.code()).as(run.err()).isZero();
            int units = Math.min(count("de")[0], 2) + Math.min(count("fr")[0], 2) + 2 * (Math.min(count("de")[1], 1) + Math.min(count("fr")[1], 1));
            assertThat(run.err()).contains("judge: " + units + " calls").contains("qa-judge-translation (version xhotpotqa-translation-judge-v2.0")
                    .contains("qa-judge-answer").contains("Compare the English source with the candidate");
            assertThat(server.requests()).isZero();
            assertThat(dir.resolve("dry")).doesNotExist();
        }
    }
}
