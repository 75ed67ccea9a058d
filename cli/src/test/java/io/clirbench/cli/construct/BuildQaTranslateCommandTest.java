package io.clirbench.cli.construct;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchRun;
import io.clirbench.cli.qa.QaExportCommandTest;
import io.clirbench.core.qa.export.XhotpotDatasetWriter;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench build qa-translate} end to end against a local chat-completions server whose "model" is a script: a
 * "translation" prefixes the title and every sentence with the target language ({@code [de] }). Source: six English
 * instances, each with three paragraphs of two sentences (p0 and p1 supporting, p2 a distractor).
 */
class BuildQaTranslateCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path source;

    @BeforeEach
    void writeSource() {
        source = writeSource(dir.resolve("source"));
    }

    /** Six English instances of three paragraphs of two sentences (p0 and p1 supporting), written to {@code source}. */
    static Path writeSource(Path source) {
        List<QaInstance> instances = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            List<Candidate> candidates = new ArrayList<>();
            for (int p = 0; p < 3; p++) {
                candidates.add(new Candidate("p" + p, "Title i" + i + "-p" + p, List.of("First sentence of i" + i + "-p" + p + ".",
                        "Second sentence of i" + i + "-p" + p + "."), "en", null, null));
            }
            instances.add(new QaInstance("i" + i, "s" + i, "validation", "bridge", "unknown", "Which thing links i" + i + "?",
                    "thing " + i, "en", "en", candidates, List.of(new SupportingFact("p0", 0, "bridge"), new SupportingFact("p1", 1, "answer")),
                    null, Map.of()));
        }
        XhotpotDatasetWriter.write(new QaDatasetInfo("tiny-en", "tiny-en", "1", "CC0", "test", List.of()), instances, "test", source);
        return source;
    }

    static Reply script(JsonNode request, boolean faults) {
        String system = ChatCompletionsServer.message(request, "system");
        String user = request.path("messages").get(1).path("content").asText();
        String lang = system.contains("into German") ? "de" : "fr";
        if (system.contains("evidence paragraphs")) {
            String[] lines = user.split("\n");
            var o = JSON.createObjectNode().put("title", "[" + lang + "] " + lines[0].substring("Title: ".length()));
            var s = o.putArray("sentences");
            for (int k = 1; k < lines.length; k++) {
                s.add("[" + lang + "] " + lines[k].substring(3));
            }
            if (faults && user.contains("i2-p1")) {
                s.remove(1); // one sentence fewer, every time
            }
            return Reply.ok(o.toString(), 60, 40);
        }
        // the question and the answer, prefixed: their numbers stay (the entity-number gate)
        String[] qa = user.split("\n");
        return Reply.ok(JSON.createObjectNode().put("question", "[" + lang + "] " + qa[0].substring("Question: ".length()))
                .put("answer", "[" + lang + "] " + qa[1].substring("Answer: ".length())).toString(), 30, 10);
    }

    /** The translator's revision in models.json, which every translated record's provenance names. */
    private static final String REVISION = "3f9c2e1";

    private Path models(ChatCompletionsServer server) throws Exception {
        Path models = dir.resolve("models-" + server.baseUrl().getPort() + ".json");
        Files.writeString(models, "{\"translator\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"mt-1\","
                + " \"revision\": \"" + REVISION + "\"}}");
        return models;
    }

    /**
     * The gates for builds with {@link #script}: its "translations" are the English text tagged {@code [de] }, which the
     * language-id gate rightly refuses as German; the other gates run.
     */
    private static final String SCRIPTED_GATES = "entity-number,answer-occurrence,exact-copy";

    private String[] args(Path models, Path out, String... more) {
        List<String> a = new ArrayList<>(List.of("build", "qa-translate", "--dataset", source.toString(),
                "--seed", "5", "--models", models.toString(), "--out", out.toString(), "--gates", SCRIPTED_GATES));
        if (!List.of(more).contains("--languages")) {
            a.addAll(List.of("--languages", "en,de,fr"));
        }
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    private static List<JsonNode> records(Path out) throws Exception {
        List<JsonNode> r = new ArrayList<>();
        for (String line : Files.readAllLines(out.resolve("instances.jsonl"))) {
            r.add(JSON.readTree(line));
        }
        return r;
    }

    /**
     * XHotpotQA's own assignment for seed 5 over (en, de, fr), per source id: question-answer, paragraph:0, :1, :2. From the
     * peer, not from our code: {@code PYTHONPATH=../shared/tools/xhotpotqa python3 -c "from xhotpotqa.data.assignment import
     * LanguageAssigner; b = LanguageAssigner(seed=5, languages=('en','de','fr')); print([b.assign('s0', u) for u in
     * ['question-answer', 'paragraph:0', 'paragraph:1', 'paragraph:2']])"} and the same for s1..s5.
     */
    private static final Map<String, List<String>> PEER_ASSIGNMENT = Map.of("s0", List.of("fr", "fr", "de", "fr"),
            "s1", List.of("fr", "de", "en", "en"), "s2", List.of("de", "de", "fr", "de"), "s3", List.of("en", "de", "fr", "fr"),
            "s4", List.of("de", "en", "en", "fr"), "s5", List.of("en", "de", "de", "en"));

    @Test
    void translatesParagraphsKeepingSentencesAndThePeerLoaderReadsTheResult() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, false))) {
            Path out = dir.resolve("out").resolve("mixed");
            BenchRun run = BenchRun.of(args(models(server), out));
            assertThat(run.code()).as(run.err()).isZero();
            List<JsonNode> records = records(out);
            assertThat(records).hasSize(6);
            int translated = 0;
            int[] perLanguage = new int[3];
            int spanning = 0;
            for (JsonNode r : records) {
                java.util.Set<String> supportLangs = new java.util.HashSet<>();
                boolean anyTranslated = false;
                for (JsonNode c : r.get("candidates")) {
                    String lang = c.get("language").asText();
                    perLanguage[List.of("en", "de", "fr").indexOf(lang)]++;
                    assertThat(c.get("sentences")).hasSize(2);
                    if (!lang.equals("en")) {
                        translated++;
                        anyTranslated = true;
                        assertThat(c.get("title").asText()).startsWith("[" + lang + "] Title ");
                        assertThat(c.get("sentences").get(1).asText()).startsWith("[" + lang + "] Second sentence");
                    }
                    if (!c.get("id").asText().equals("p2")) {
                        supportLangs.add(lang);
                    }
                }
                spanning += supportLangs.size() >= 2 ? 1 : 0;
                // the question-answer unit and every paragraph take the peer's language for the same seed and list
                List<String> expected = PEER_ASSIGNMENT.get(r.get("source_id").asText());
                assertThat(r.get("question_language").asText()).isEqualTo(expected.get(0));
                assertThat(r.get("answer_language").asText()).isEqualTo(expected.get(0));
                for (int k = 0; k < 3; k++) {
                    assertThat(r.get("candidates").get(k).get("language").asText()).as("%s paragraph %d", r.get("id"), k)
                            .isEqualTo(expected.get(k + 1));
                }
                if (!expected.get(0).equals("en")) {
                    assertThat(r.get("question").asText()).isEqualTo("[" + expected.get(0) + "] Which thing links "
                            + r.get("id").asText() + "?");
                }
                assertThat(r.at("/provenance/assignment_version").asText()).isEqualTo("sha256-hash-v1");
                assertThat(r.at("/provenance/seed").asLong()).isEqualTo(5);
                assertThat(r.get("provenance").get("prompt_hash").asText()).hasSize(64);
                // the peer writes "" where no model was asked; here the same, else the configured revision
                assertThat(r.get("provenance").get("translation_revision").asText()).isEqualTo(anyTranslated ? REVISION : "");
                assertThat(r.get("provenance").get("translation_model").asText()).isEqualTo(anyTranslated ? "mt-1" : "");
            }
            // one call per paragraph that left English (13 in the table above) and per question that did (s0, s1, s2, s4)
            assertThat(translated).isEqualTo(13);
            assertThat(server.requests()).isEqualTo(13 + 4);
            JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
            assertThat(report.at("/counts/kept").asInt()).isEqualTo(6);
            assertThat(report.at("/mixing_audit/paragraph_languages/de/observed").asInt()).isEqualTo(perLanguage[1]);
            assertThat(report.at("/mixing_audit/paragraph_languages/fr/expected").asDouble()).isEqualTo(6.0); // 18 paragraphs / 3
            // two supporting paragraphs each: P(two languages) = 1 - 3^(1-2) = 2/3, six instances: expected 4
            assertThat(report.at("/mixing_audit/supporting_paragraphs_in_two_or_more_languages/expected").asDouble())
                    .isCloseTo(4.0, org.assertj.core.data.Offset.offset(1e-12));
            assertThat(report.at("/mixing_audit/supporting_paragraphs_in_two_or_more_languages/observed").asInt()).isEqualTo(spanning);
            // the peer's own loader and validate_instances accept every record; bench qa eval reads the dataset
            QaExportCommandTest.requirePeer();
            QaExportCommandTest.assertLoads(out, 6);
            StringBuilder oracle = new StringBuilder();
            for (JsonNode r : records) {
                var line = JSON.createObjectNode().put("id", r.get("id").asText()).put("answer", r.get("answer").asText());
                line.set("supporting_facts", JSON.readTree("[{\"paragraph_id\":\"p0\",\"sentence_id\":0},{\"paragraph_id\":\"p1\",\"sentence_id\":1}]"));
                oracle.append(line).append('\n');
            }
            Files.writeString(dir.resolve("oracle.jsonl"), oracle.toString());
            BenchRun eval = BenchRun.of("qa", "eval", "--dataset", out.toString(), "--pred", dir.resolve("oracle.jsonl").toString(),
                    "--bootstrap", "0");
            assertThat(eval.code()).as(eval.err()).isZero();
        }
    }

    @Test
    void aFrozenManifestIsReplayedExactlyAndOneThatMissesASourceIsRefusedBeforeAnyCall() throws Exception {
        // every source: question-answer de, paragraph:0 fr, paragraph:1 en, paragraph:2 de
        StringBuilder units = new StringBuilder();
        for (int i = 0; i < 6; i++) {
            units.append(i == 0 ? "" : ", ").append("\"s").append(i)
                    .append("\": {\"question-answer\": \"de\", \"paragraph:0\": \"fr\", \"paragraph:1\": \"en\", \"paragraph:2\": \"de\"}");
        }
        String text = "{\"schema_version\": \"xhotpotqa-assignment-manifest-v1\", \"assignment_version\": \"v1.1-frozen\", "
                + "\"assignments\": {" + units + "}}";
        Path manifest = dir.resolve("manifest.json");
        Files.writeString(manifest, text);
        String sha = java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
                .digest(text.getBytes(StandardCharsets.UTF_8)));
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, false))) {
            Path out = dir.resolve("replayed");
            BenchRun run = BenchRun.of("build", "qa-translate", "--dataset", source.toString(), "--assignment", manifest.toString(),
                    "--models", models(server).toString(), "--out", out.toString(), "--gates", SCRIPTED_GATES);
            assertThat(run.code()).as(run.err()).isZero();
            List<JsonNode> records = records(out);
            assertThat(records).hasSize(6).allSatisfy(r -> {
                assertThat(r.get("question_language").asText()).isEqualTo("de");
                assertThat(r.get("question").asText()).isEqualTo("[de] Which thing links " + r.get("id").asText() + "?");
                assertThat(r.get("candidates")).extracting(c -> c.get("language").asText()).containsExactly("fr", "en", "de");
                assertThat(r.at("/provenance/assignment_version").asText()).isEqualTo("v1.1-frozen");
                assertThat(r.at("/provenance/assignment_manifest_sha256").asText()).isEqualTo(sha);
                assertThat(r.at("/provenance/seed").isNull()).isTrue();
            });
            // per instance: the question and two paragraphs leave English
            assertThat(server.requests()).isEqualTo(6 * 3);
            QaExportCommandTest.requirePeer();
            QaExportCommandTest.assertLoads(out, 6);
        }
        Files.writeString(manifest, text.replace(", \"s5\": {\"question-answer\": \"de\", \"paragraph:0\": \"fr\", \"paragraph:1\": \"en\", "
                + "\"paragraph:2\": \"de\"}", ""));
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, false))) {
            Path out = dir.resolve("refused");
            BenchRun run = BenchRun.of("build", "qa-translate", "--dataset", source.toString(), "--assignment", manifest.toString(),
                    "--models", models(server).toString(), "--out", out.toString());
            assertThat(run.code()).isEqualTo(1);
            assertThat(run.err()).contains("instances.jsonl: record 6 (id 'i5'): the assignment manifest " + manifest + " has no source 's5'");
            assertThat(server.requests()).isZero();
            assertThat(out).doesNotExist();
            assertThat(BenchRun.of("build", "qa-translate", "--dataset", source.toString(), "--assignment", manifest.toString(),
                    "--languages", "de", "--models", models(server).toString(), "--out", out.toString()).err())
                    .contains("give either --languages (a seeded assignment) or --assignment MANIFEST (a frozen one)");
        }
    }

    @Test
    void aChangedSentenceCountIsRetriedThenRejectsTheInstance() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, true))) {
            Path out = dir.resolve("faulty");
            // every language but English for i2-p1: it is translated whatever the draw
            BenchRun run = BenchRun.of("build", "qa-translate", "--dataset", source.toString(), "--languages", "de", "--seed", "5",
                    "--question-language", "source", "--models", models(server).toString(), "--out", out.toString(), "--max-attempts", "2",
                    "--gates", SCRIPTED_GATES);
            assertThat(run.code()).as(run.err()).isZero();
            JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
            assertThat(report.at("/counts/rejected").asInt()).isEqualTo(1);
            assertThat(records(out)).hasSize(5).noneMatch(r -> r.get("id").asText().equals("i2"));
            assertThat(Files.readString(out.resolve("rejections.jsonl"))).contains("\"id\":\"i2\"")
                    .contains("the reply has 1 sentences, the source 2");
            // 18 paragraphs, all into de; i2-p1 asked twice, i2-p2 never (the instance is rejected at p1)
            assertThat(server.requests()).isEqualTo(18 + 1 - 1);
        }
    }

    @Test
    void badJsonAndMissingFieldsAreRetriedThenRecordedAsRejections() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> {
            String user = body.path("messages").get(1).path("content").asText();
            if (user.contains("i1-p0")) {
                return Reply.ok("Sure! Here is the translation: {title: broken", 20, 10);
            }
            if (user.contains("i3-p0")) {
                return Reply.ok("{\"title\": \"[de] T\"}", 20, 10);
            }
            if (user.contains("i4-p2")) {
                return Reply.ok("{\"sentences\": [\"[de] a\", \"[de] b\"]}", 20, 10);
            }
            return script(body, false);
        })) {
            Path out = dir.resolve("malformed");
            BenchRun run = BenchRun.of("build", "qa-translate", "--dataset", source.toString(), "--languages", "de", "--seed", "5",
                    "--question-language", "source", "--models", models(server).toString(), "--out", out.toString(), "--max-attempts", "2",
                    "--gates", SCRIPTED_GATES);
            assertThat(run.code()).as(run.err()).isZero();
            JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
            assertThat(report.at("/counts/rejected").asInt()).isEqualTo(3);
            assertThat(records(out)).extracting(r -> r.get("id").asText()).containsExactly("i0", "i2", "i5");
            List<String> rejections = Files.readAllLines(out.resolve("rejections.jsonl"));
            assertThat(rejections).hasSize(3);
            assertThat(String.join("\n", rejections)).contains("\"id\":\"i1\"").contains("\"id\":\"i3\"").contains("\"id\":\"i4\"")
                    .contains("'sentences' is missing").contains("'title' is missing");
            // i1 and i3 stop at p0 after 2 attempts (2 + 2), i4 asks p0, p1 then p2 twice (4), i0, i2, i5 three each (9)
            assertThat(server.requests()).isEqualTo(17);
        }
    }

    @Test
    void aBuildKilledMidwayAndStartedAgainGivesTheSameBytesWithoutPayingTwice() throws Exception {
        Path whole = dir.resolve("a").resolve("build");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, false))) {
            assertThat(BenchRun.of(args(models(server), whole, "--concurrency", "1", "--languages", "de,fr", "--question-language", "source")).code()).isZero();
        }
        Path resumed = dir.resolve("b").resolve("build");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> {
            Reply r = script(body, false);
            return new Reply(r.status(), r.body(), null, 150);
        })) {
            server.answerAtMost(6); // the killed build is paid for 6 calls, and journals them before the kill
            int code = BuildProcess.killAfterJournaledCallsThenResume(dir.resolve("log"), Map.of(), dir.resolve("b/build.work/calls.jsonl"),
                    6, server::release, Duration.ofMinutes(3), args(models(server), resumed, "--concurrency", "1", "--languages", "de,fr",
                    "--question-language", "source"));
            assertThat(code).as(Files.readString(dir.resolve("log.2"), StandardCharsets.UTF_8)).isZero();
            assertThat(BuildProcess.tree(resumed)).isEqualTo(BuildProcess.tree(whole));
            // no call answered twice; de,fr only (no paragraph stays English): 6 instances x 3 paragraphs = 18 answered in all
            assertThat(server.repeatedAnswers()).isEmpty();
            assertThat(server.answers()).isEqualTo(18);
            // at most the one request in flight at the kill (never answered) was asked again
            assertThat(server.requests()).isBetween(18, 19);
        }
    }

    /**
     * Five sources built so that each gate fires on exactly one: all about Albert Einstein, born in Ulm in year Y (1879 for
     * s0 .. 1883 for s4, which is how the scripted translator tells them apart); the manifest puts the question-answer unit
     * and paragraph 0 into German and keeps paragraphs 1 and 2 English (two calls per instance). The translator's German:
     * <ul>
     *   <li>s0: a faithful translation: released;</li>
     *   <li>s1: paragraph 0 "translated" into English words again (8 English function words, no German): language-id;</li>
     *   <li>s2: paragraph 0 loses the year 1881: entity-number;</li>
     *   <li>s3: the answer becomes "Ulm (Württemberg)", which paragraph 0 in German does not contain while the English
     *       answer "Ulm" occurred in English paragraph 0: answer-occurrence;</li>
     *   <li>s4: the question comes back unchanged, "Where was Albert Einstein born in 1883?" (two English function words, too
     *       few for language-id to judge): exact-copy.</li>
     * </ul>
     * Hand counts: 5 instances, 1 released, 4 quarantined, one per gate; the audit is over the one released instance: its
     * three paragraphs, de 1 and en 2 of an expected 3 / 2 = 1.5 each.
     */
    @Test
    void eachReleaseGateQuarantinesTheInstanceBuiltToFailItAndTheReportCountsWhatIsWritten() throws Exception {
        Path gated = dir.resolve("gated-source");
        List<QaInstance> instances = new ArrayList<>();
        StringBuilder units = new StringBuilder();
        for (int i = 0; i < 5; i++) {
            int year = 1879 + i;
            List<Candidate> candidates = List.of(
                    new Candidate("p0", "Albert Einstein", List.of("Albert Einstein was born in Ulm in " + year + ".",
                            "He moved to Munich with his family."), "en", null, null),
                    new Candidate("p1", "Ulm", List.of("Ulm is a city on the Danube.", "It lies in Germany."), "en", null, null),
                    new Candidate("p2", "Bern", List.of("Bern is the capital of Switzerland.", "It has a famous clock."), "en", null, null));
            instances.add(new QaInstance("g" + i, "s" + i, "validation", "bridge", "unknown", "Where was Albert Einstein born in " + year + "?",
                    "Ulm", "en", "en", candidates, List.of(new SupportingFact("p0", 0, "bridge"), new SupportingFact("p1", 0, "answer")),
                    null, Map.of()));
            units.append(i == 0 ? "" : ", ").append("\"s").append(i)
                    .append("\": {\"question-answer\": \"de\", \"paragraph:0\": \"de\", \"paragraph:1\": \"en\", \"paragraph:2\": \"en\"}");
        }
        XhotpotDatasetWriter.write(new QaDatasetInfo("gated", "gated", "1", "CC0", "test", List.of()), instances, "test", gated);
        Path manifest = Files.writeString(dir.resolve("gated-manifest.json"), "{\"schema_version\": \"xhotpotqa-assignment-manifest-v1\", "
                + "\"assignment_version\": \"gates\", \"assignments\": {" + units + "}}");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> {
            String user = body.path("messages").get(1).path("content").asText();
            int year = 0;
            for (int y = 1879; y <= 1883; y++) {
                year = user.contains(String.valueOf(y)) ? y : year;
            }
            if (ChatCompletionsServer.message(body, "system").contains("evidence paragraphs")) {
                var o = JSON.createObjectNode().put("title", "Albert Einstein");
                var sentences = o.putArray("sentences");
                sentences.add(switch (year) {
                    case 1880 -> "Albert Einstein was born in the city of Ulm in 1880.";
                    case 1881 -> "Albert Einstein wurde in Ulm geboren.";
                    default -> "Albert Einstein wurde " + year + " in Ulm geboren.";
                });
                sentences.add(year == 1880 ? "He moved to Munich with his family." : "Er zog mit seiner Familie nach München.");
                return Reply.ok(o.toString(), 60, 40);
            }
            String question = year == 1883 ? "Where was Albert Einstein born in 1883?" : "Wo wurde Albert Einstein " + year + " geboren?";
            return Reply.ok(JSON.createObjectNode().put("question", question).put("answer", year == 1882 ? "Ulm (Württemberg)" : "Ulm")
                    .toString(), 30, 10);
        })) {
            Path out = dir.resolve("gated");
            BenchRun run = BenchRun.of("build", "qa-translate", "--dataset", gated.toString(), "--assignment", manifest.toString(),
                    "--models", models(server).toString(), "--out", out.toString());
            assertThat(run.code()).as(run.err()).isZero();
            assertThat(server.requests()).isEqualTo(5 * 2);
            assertThat(records(out)).extracting(r -> r.get("id").asText()).containsExactly("g0");
            JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
            assertThat(report.at("/counts/instances").asInt()).isEqualTo(5);
            assertThat(report.at("/counts/translated").asInt()).isEqualTo(5);
            assertThat(report.at("/counts/kept").asInt()).isEqualTo(1).isEqualTo(records(out).size());
            assertThat(report.at("/counts/quarantined").asInt()).isEqualTo(4);
            assertThat(report.at("/counts/rejected").asInt()).isZero();
            assertThat(report.get("quarantined_by_gate").toString())
                    .isEqualTo("{\"language-id\":1,\"entity-number\":1,\"answer-occurrence\":1,\"exact-copy\":1}");
            List<JsonNode> quarantine = new ArrayList<>();
            for (String line : Files.readAllLines(out.resolve("quarantine.jsonl"))) {
                quarantine.add(JSON.readTree(line));
            }
            assertThat(quarantine).extracting(q -> q.get("id").asText() + " " + q.get("issues").size() + " " + q.at("/issues/0/gate").asText()
                    + " " + q.at("/issues/0/unit").asText())
                    .containsExactly("g1 1 language-id paragraph p0", "g2 1 entity-number paragraph p0", "g3 1 answer-occurrence answer",
                            "g4 1 exact-copy question");
            assertThat(quarantine.get(0).at("/issues/0/reason").asText()).contains("reads as en (8 of its function words) rather than de (0)");
            assertThat(quarantine.get(1).at("/issues/0/reason").asText()).contains("[1881]");
            // the audit is over what is released: g0's three paragraphs, de 1 and en 2, expected 3 / 2 each
            assertThat(report.at("/mixing_audit/paragraphs").asInt()).isEqualTo(3);
            assertThat(report.at("/mixing_audit/paragraph_languages/de/observed").asInt()).isEqualTo(1);
            assertThat(report.at("/mixing_audit/paragraph_languages/en/observed").asInt()).isEqualTo(2);
            assertThat(report.at("/mixing_audit/paragraph_languages/en/expected").asDouble()).isEqualTo(1.5);
            assertThat(run.err()).contains("1 instances of 5 released (instances.jsonl), 0 rejected, 4 quarantined (quarantine.jsonl; by gate "
                    + "{answer-occurrence=1, entity-number=1, exact-copy=1, language-id=1})");
            assertThat(Files.readString(out.resolve("build-report.md"))).contains("- language-id: 1");
            QaExportCommandTest.requirePeer();
            QaExportCommandTest.assertLoads(out, 1);
        }
        // with --gates none nothing is quarantined: the five are written
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, false))) {
            Path out = dir.resolve("ungated");
            assertThat(BenchRun.of("build", "qa-translate", "--dataset", gated.toString(), "--assignment", manifest.toString(),
                    "--gates", "none", "--models", models(server).toString(), "--out", out.toString()).code()).isZero();
            assertThat(records(out)).hasSize(5);
            assertThat(Files.readString(out.resolve("quarantine.jsonl"))).isEmpty();
        }
    }
}
