package io.clirbench.cli.construct;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.BenchRun;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench build xbcp} end to end against a local chat-completions server whose "model" is a script: the
 * translator prefixes the text or the title with the target language ({@code [de] ...}, everything else kept), the
 * judge answers fixed scores. The task has six English evidence documents (e1..e6), so the multilingual rule over de
 * and fr deals three to each (round-robin); e1, e2 and e3 have titles, e4's is blank, e5 and e6 have none. So a build
 * asks the translator 9 times (6 texts + 3 titles) and, with 3 judged per language, the judge 6 times; every count
 * below follows from that.
 */
class BuildXbcpCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;
    Path task;

    @BeforeEach
    void writeTask() throws Exception {
        task = dir.resolve("task");
        Files.createDirectories(task);
        StringBuilder corpus = new StringBuilder();
        for (int i = 1; i <= 6; i++) {
            String text = switch (i) {
                case 1 -> "Reactor e1 is described at https://example.org/e1. Its power is $P = 2 MW$.";
                case 2 -> "Run `make test` to check e2.";
                default -> "Plain evidence text number " + i + ".";
            };
            String title = switch (i) {
                case 1 -> "Reactor e1 design notes";
                case 2 -> "The `make test` target of e2";
                case 3 -> "Evidence three";
                case 4 -> " ";
                default -> null;
            };
            ObjectNode doc = JSON.createObjectNode().put("_id", "e" + i);
            if (title != null) {
                doc.put("title", title);
            }
            corpus.append(doc.put("text", text).put("lang", "en").put("family", "f" + i)).append('\n');
        }
        Files.writeString(task.resolve("corpus.jsonl"), corpus.toString());
        Files.writeString(task.resolve("queries.jsonl"), """
                {"_id": "q1", "text": "Power of reactor e1?", "lang": "en", "answer": "2 MW"}
                {"_id": "q2", "text": "How to check e2?", "lang": "en", "answer": "make test"}
                {"_id": "q3", "text": "Numbers 3 to 6?", "lang": "en", "answer": "3"}
                """);
        String qrels = "query-id\tcorpus-id\tscore\nq1\te1\t1\nq2\te2\t1\nq3\te3\t1\nq3\te4\t1\nq3\te5\t1\nq3\te6\t1\n";
        Files.writeString(task.resolve("qrels-evidence.tsv"), qrels);
        Files.writeString(task.resolve("qrels-gold.tsv"), qrels);
        Files.writeString(task.resolve("dataset.json"), """
                {"id": "tiny-xbcp", "name": "six English evidence documents", "kind": "agentic", "languages": ["en", "de", "fr"],
                 "sourceLanguage": "en", "configurations": ["original"], "resourceGroups": {"high": ["de"], "low": ["fr"]}}
                """);
    }

    /**
     * The script: a translation keeps the user text after a language tag; a judgement scores 5, 4, 5. With {@code badFor}
     * (a text it occurs in): that text's translation drops e1's URL, e3's title is answered on two lines and e3's
     * judgement scores accuracy 7.
     */
    static Reply script(JsonNode request, String badFor) {
        String system = ChatCompletionsServer.message(request, "system");
        // the first user message (a retry's last one is the correction)
        String user = request.path("messages").get(1).path("content").asText();
        if (system.contains("professional translator")) {
            String lang = system.contains("German (de)") ? "de" : "fr";
            if (badFor != null && user.equals("Evidence three")) {
                return Reply.ok("[" + lang + "] Evidence three\n(translated)", 50, 40);
            }
            if (badFor != null && user.contains(badFor)) {
                return Reply.ok("[" + lang + "] " + user.replace("https://example.org/e1", "the website"), 50, 40);
            }
            return Reply.ok("[" + lang + "] " + user, 50, 40);
        }
        if (badFor != null && user.contains("Plain evidence text number 3")) {
            return Reply.ok("{\"accuracy\": 7, \"fluency\": 4, \"completeness\": 5}", 80, 10);
        }
        return Reply.ok("{\"accuracy\": 5, \"fluency\": 4, \"completeness\": 5, \"comment\": \"fine\"}", 80, 10);
    }

    private static String sha256(String prompt) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(
                Path.of("../bench-core/src/main/resources/io/clirbench/core/construct/prompts/xbcp/" + prompt))));
    }

    private Path models(ChatCompletionsServer server) throws Exception {
        Path models = dir.resolve("models-" + server.baseUrl().getPort() + ".json");
        Files.writeString(models, "{\"translator\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"tr-1\","
                + " \"revision\": \"tr-1@2026-11\"},"
                + " \"judge\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"judge-1\"},"
                + " \"prices\": {\"tr-1\": {\"input_per_mtok\": 1.0, \"output_per_mtok\": 2.0}}}");
        return models;
    }

    private String[] args(Path models, Path out, String... more) {
        List<String> a = new java.util.ArrayList<>(List.of("build", "xbcp", "--task", task.toString(), "--config", "multilingual",
                "--languages", "de,fr", "--seed", "7", "--verify-sample", "3", "--models", models.toString(), "--out", out.toString()));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void translatesTheEvidenceJudgesASampleAndWritesATaskThatTheEvaluationReads() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, null))) {
            Path out = dir.resolve("out");
            BenchRun run = BenchRun.of(args(models(server), out));
            assertThat(run.code()).as(run.err()).isZero();
            // 6 texts + 3 titles (e1, e2, e3; e4's is blank) translated, 3 judged per language: 9 + 6 = 15 calls
            assertThat(server.requests()).isEqualTo(15);
            JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
            assertThat(report.at("/translations/planned").asInt()).isEqualTo(9);
            assertThat(report.at("/translations/titles").asInt()).isEqualTo(3);
            assertThat(report.at("/translations/accepted").asInt()).isEqualTo(9);
            assertThat(report.at("/translations/per_language/de/titles").asInt()
                    + report.at("/translations/per_language/fr/titles").asInt()).isEqualTo(3);
            assertThat(report.at("/translations/per_language/de/planned").asInt()
                    - report.at("/translations/per_language/de/titles").asInt()).isEqualTo(3);
            assertThat(report.at("/translations/per_language/fr/planned").asInt()
                    - report.at("/translations/per_language/fr/titles").asInt()).isEqualTo(3);
            // e1's text has a URL and a formula, e2's text and title an inline code span each: 4 items kept
            assertThat(report.at("/translations/per_language/de/items_kept_verbatim").asInt()
                    + report.at("/translations/per_language/fr/items_kept_verbatim").asInt()).isEqualTo(4);
            assertThat(report.at("/verification/judged").asInt()).isEqualTo(6);
            assertThat(report.at("/verification/per_language/de/accuracy/mean").asDouble()).isEqualTo(5.0);
            assertThat(report.at("/verification/per_language/fr/fluency/distribution_1_to_5").toString()).isEqualTo("[0,0,0,3,0]");
            assertThat(report.at("/verification/per_language/fr/fluency/share_below_3").asDouble()).isZero();
            // tr-1: 9 calls of 50 + 40 tokens at $1 / $2 per million = 9 * (50e-6 + 80e-6) = $0.00117
            JsonNode tr = report.get("usage").get(1);
            assertThat(tr.get("model").asText()).isEqualTo("tr-1");
            assertThat(tr.get("calls").asInt()).isEqualTo(9);
            assertThat(tr.get("cost_usd").asDouble()).isCloseTo(0.00117, org.assertj.core.data.Offset.offset(1e-12));
            assertThat(report.get("usage").get(0).get("calls").asInt()).isEqualTo(6);
            assertThat(Files.readAllLines(out.resolve("verification.jsonl"))).hasSize(6);
            // the judge sees a titled document as title, blank line, text: source and translation alike
            assertThat(server.bodies()).filteredOn(b -> ChatCompletionsServer.message(b, "system").contains("bilingual reviewer"))
                    .filteredOn(b -> ChatCompletionsServer.message(b, "user").contains("Evidence three\n\nPlain evidence text number 3."))
                    .singleElement().satisfies(b -> assertThat(ChatCompletionsServer.message(b, "user"))
                            .containsPattern("\\[(de|fr)] Evidence three\n\n\\[(de|fr)] Plain evidence text number 3\\."));

            List<String> translated = Files.readAllLines(out.resolve("configurations/multilingual/translated.jsonl"));
            assertThat(translated).hasSize(6);
            String promptSha = sha256("translate.txt");
            String titlePromptSha = sha256("title.txt");
            Map<String, String> titles = new java.util.TreeMap<>();
            for (String line : translated) {
                JsonNode d = JSON.readTree(line);
                String lang = d.get("lang").asText();
                assertThat(d.get("_id").asText()).startsWith(lang + "/e");
                assertThat(d.get("text").asText()).startsWith("[" + lang + "] ");
                assertThat(d.get("prompt_sha256").asText()).isEqualTo(promptSha);
                assertThat(d.get("model").asText()).isEqualTo("tr-1");
                assertThat(d.get("model_revision").asText()).isEqualTo("tr-1@2026-11");
                if (d.has("title")) {
                    String source = d.get("source_id").asText();
                    titles.put(source, d.get("title").asText().replace("[" + lang + "] ", ""));
                    assertThat(d.get("title").asText()).startsWith("[" + lang + "] ");
                    assertThat(d.get("title_prompt_sha256").asText()).isEqualTo(titlePromptSha);
                    assertThat(d.get("title_attempts").asInt()).isEqualTo(1);
                }
            }
            assertThat(titles).containsExactly(Map.entry("e1", "Reactor e1 design notes"), Map.entry("e2", "The `make test` target of e2"),
                    Map.entry("e3", "Evidence three"));
            // the task is usable at once: the offline baseline plays it and the evaluation reads it
            Path agentRun = dir.resolve("run");
            BenchRun baseline = BenchRun.of("agent", "baseline-offline", "--task", out.toString(), "--config", "multilingual", "--out",
                    agentRun.toString());
            assertThat(baseline.code()).as(baseline.err()).isZero();
            BenchRun eval = BenchRun.of("agent", "eval", "--task", out.toString(), "--run", agentRun.toString(), "--bootstrap", "0");
            assertThat(eval.code()).as(eval.err()).isZero();
            assertThat(eval.out()).contains("multilingual");

            // a re-run pays nothing and gives the same bytes
            var before = BuildProcess.tree(out);
            assertThat(BenchRun.of(args(models(server), out)).code()).isZero();
            assertThat(server.requests()).isEqualTo(15);
            assertThat(BuildProcess.tree(out)).isEqualTo(before);
        }
    }

    @Test
    void aLongDocumentIsTranslatedInChunksAndAReplyCutAtTheOutputLimitIsAskedAgain() throws Exception {
        // e6 becomes three paragraphs of 150 characters: with --chunk-chars 200 each paragraph is a chunk (two would be 304)
        String p1 = "One" + "1".repeat(146) + ".";
        String p2 = "Two" + "2".repeat(146) + ".";
        String p3 = "Six" + "6".repeat(146) + ".";
        Path corpus = task.resolve("corpus.jsonl");
        Files.writeString(corpus, Files.readString(corpus).replace("Plain evidence text number 6.", p1 + "\\n\\n" + p2 + "\\n\\n" + p3));
        // the first answer for the second chunk stops at the output limit (finish_reason length), its retry is complete
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> {
            String user = body.path("messages").get(1).path("content").asText();
            Reply whole = script(body, null);
            if (user.equals(p2) && body.path("messages").size() == 2) {
                return Reply.cut("[de] Two22", 50, 4096);
            }
            return whole;
        })) {
            Path out = dir.resolve("out");
            BenchRun run = BenchRun.of(args(models(server), out, "--chunk-chars", "200"));
            assertThat(run.code()).as(run.err()).isZero();
            // 5 short texts + 3 chunks of e6 + 3 titles = 11 calls, the cut chunk asked again: 12; and 3 judged per language: 18
            assertThat(server.requests()).isEqualTo(18);
            JsonNode e6 = null;
            for (String line : Files.readAllLines(out.resolve("configurations/multilingual/translated.jsonl"))) {
                JsonNode d = JSON.readTree(line);
                e6 = d.get("source_id").asText().equals("e6") ? d : e6;
            }
            assertThat(e6).isNotNull();
            String lang = e6.get("lang").asText();
            assertThat(e6.get("text").asText()).isEqualTo("[" + lang + "] " + p1 + "\n\n[" + lang + "] " + p2 + "\n\n[" + lang + "] " + p3);
            assertThat(e6.get("chunks").asInt()).isEqualTo(3);
            assertThat(e6.get("attempts").asInt()).isEqualTo(4);
            assertThat(BenchRun.of(args(models(server), dir.resolve("small"), "--chunk-chars", "20")).err())
                    .contains("--chunk-chars must be at least 200");
        }
    }

    @Test
    void aTranslationThatDropsAUrlATitleOnTwoLinesAndAJudgementOutOfRangeAreRecordedRejections() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, "example.org/e1"))) {
            Path out = dir.resolve("out");
            BenchRun run = BenchRun.of(args(models(server), out, "--max-attempts", "2"));
            assertThat(run.code()).as(run.err()).isEqualTo(4);
            assertThat(run.err()).contains("2 translations were rejected");
            assertThat(out.resolve("configurations/multilingual")).doesNotExist();
            List<String> rejections = Files.readAllLines(out.resolve("rejections.jsonl"));
            assertThat(rejections).anySatisfy(l -> assertThat(l).contains("\"step\":\"translate\"").contains("\"part\":\"text\"")
                    .contains("e1").contains("https://example.org/e1").contains("\"attempts\":2"));
            assertThat(rejections).anySatisfy(l -> assertThat(l).contains("\"step\":\"translate\"").contains("\"part\":\"title\"")
                    .contains("\"source_id\":\"e3\"").contains("has 2 lines").contains("\"attempts\":2"));
            JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
            assertThat(report.at("/translations/rejected").asInt()).isEqualTo(2);
            // translator: 6 texts + 3 titles, plus a second attempt for e1's text and e3's title = 11 calls;
            // judge: the 5 accepted texts (e1's was rejected; 3 per language at most), plus a second attempt for e3's
            // (accuracy 7) = 6 calls; 17 in all
            assertThat(server.requests()).isEqualTo(17);
            assertThat(report.at("/usage/1/calls").asInt()).isEqualTo(11);
            // the second request for e1 carried the first reply and the correction naming the URL
            assertThat(server.bodies()).filteredOn(b -> b.path("messages").size() == 4)
                    .anySatisfy(b -> assertThat(ChatCompletionsServer.message(b, "user")).contains("https://example.org/e1"));
            assertThat(report.at("/rejections_by_reason").toString()).contains("translation: the translation does not keep")
                    .contains("translation: the title's translation has 2 lines")
                    .contains("judge: the field 'accuracy' is 7, outside 1-5");
            // e3's text was accepted and judged (alone: its title was rejected), and its judgement is rejected (accuracy 7)
            assertThat(report.at("/verification/rejected").asInt()).isEqualTo(1);
            assertThat(rejections).filteredOn(l -> l.contains("\"step\":\"judge\"")).singleElement()
                    .satisfies(l -> assertThat(l).contains("/e3"));
        }
    }

    @Test
    void theGateOnTheFourPointMeanKeepsAPoorLanguageOutAndAScoreBelowFiveNeedsAJustification() throws Exception {
        // judge: French translations score fluency 3 (with a reason); German ones first answer fluency 4 without a comment,
        // which is asked again and then answered with one
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> {
            String system = ChatCompletionsServer.message(body, "system");
            if (!system.contains("bilingual reviewer")) {
                return script(body, null);
            }
            if (system.contains("into French")) {
                return Reply.ok("{\"accuracy\": 5, \"fluency\": 3, \"completeness\": 5, \"comment\": \"stilted word order\"}", 80, 10);
            }
            return body.path("messages").size() == 2 ? Reply.ok("{\"accuracy\": 5, \"fluency\": 4, \"completeness\": 5}", 80, 10)
                    : Reply.ok("{\"accuracy\": 5, \"fluency\": 4, \"completeness\": 5, \"comment\": \"one awkward phrase\"}", 80, 10);
        })) {
            Path out = dir.resolve("out");
            BenchRun run = BenchRun.of(args(models(server), out));
            assertThat(run.code()).as(run.err()).isEqualTo(5);
            // translator 9; judge 3 per language, each German one twice: 9 + 3 + 6 = 18
            assertThat(server.requests()).isEqualTo(18);
            assertThat(server.bodies()).filteredOn(b -> b.path("messages").size() == 4).hasSize(3)
                    .allSatisfy(b -> assertThat(b.path("messages").get(3).path("content").asText())
                            .contains("a score below 5 needs a 'comment' saying what is wrong"));
            // French: fluency 3, 3, 3: mean 3.00 < 4.0; German: fluency 4 = 4.0 passes
            assertThat(run.err()).contains("the verification gate failed (mean below 4.0): fr: mean fluency 3.00 over 3 judged is below 4.0;");
            assertThat(out.resolve("configurations/multilingual")).doesNotExist();
            JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
            assertThat(report.at("/gate/passed").asBoolean()).isFalse();
            assertThat(report.at("/gate/failures").toString()).isEqualTo("[\"fr: mean fluency 3.00 over 3 judged is below 4.0\"]");
            assertThat(report.at("/verification/per_language/de/fluency/mean").asDouble()).isEqualTo(4.0);
            // the same answers (from the journal: no call) with the gate off write the configuration
            BenchRun off = BenchRun.of(args(models(server), out, "--min-mean", "0"));
            assertThat(off.code()).as(off.err()).isZero();
            assertThat(server.requests()).isEqualTo(18);
            assertThat(out.resolve("configurations/multilingual/translated.jsonl")).exists();
        }
    }

    /** The sheet with each row's scores set by {@code fill} (docid, lang → accuracy, fluency, completeness, justification). */
    private static String filled(String sheet, String rater, java.util.function.BiFunction<String, String, List<String>> fill) {
        List<List<String>> rows = io.clirbench.core.io.Csv.parse(sheet);
        List<List<String>> out = new java.util.ArrayList<>();
        out.add(rows.get(0));
        for (List<String> row : rows.subList(1, rows.size())) {
            List<String> scores = fill.apply(row.get(0), row.get(1));
            if (scores != null) {
                List<String> r = new java.util.ArrayList<>(row.subList(0, 4));
                r.addAll(scores);
                r.add(rater);
                out.add(r);
            }
        }
        return io.clirbench.core.io.Csv.render(out);
    }

    @Test
    void ratersFillTheBlindSheetAndTheirGateAndTheJudgesAgreementWithThemAreReported() throws Exception {
        Path out = dir.resolve("out");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, null))) {
            assertThat(BenchRun.of(args(models(server), out)).code()).isZero();
        }
        String sheet = Files.readString(out.resolve("verification-sheet.csv"));
        List<List<String>> rows = io.clirbench.core.io.Csv.parse(sheet);
        // blind: the sample (3 per language), source and translation, empty score columns, never the judge's scores
        assertThat(rows.get(0)).containsExactly("docid", "lang", "source", "translation", "accuracy", "fluency", "completeness",
                "justification", "rater");
        assertThat(rows.subList(1, rows.size())).hasSize(6).allSatisfy(r -> {
            assertThat(r.get(3)).startsWith("[" + r.get(1) + "] ");
            assertThat(r.subList(4, 9)).containsOnly("");
        });
        // ana: every German document 5/5/5, every French one 4/3/5 ("stiff"); ben: the first German one 5/4/5
        Path ana = dir.resolve("ana.csv");
        Files.writeString(ana, filled(sheet, "ana", (id, lang) -> lang.equals("de") ? List.of("5", "5", "5", "")
                : List.of("4", "3", "5", "stiff")));
        String firstGerman = rows.stream().skip(1).filter(r -> r.get(1).equals("de")).findFirst().orElseThrow().get(0);
        Path ben = dir.resolve("ben.csv");
        Files.writeString(ben, filled(sheet, "ben", (id, lang) -> id.equals(firstGerman) ? List.of("5", "4", "5", "one phrase") : null));
        BenchRun run = BenchRun.of("build", "xbcp-ratings", "--build", out.toString(), "--sheet", ana.toString(), "--sheet", ben.toString());
        // French fluency 3, 3, 3: mean 3.00 < 4.0; German (5 + 5 + 5 + 4) / 4 = 4.75
        assertThat(run.code()).as(run.err()).isEqualTo(5);
        JsonNode r = JSON.readTree(out.resolve("human-verification.json").toFile());
        assertThat(r.get("ratings").asInt()).isEqualTo(7);
        assertThat(r.get("raters").asInt()).isEqualTo(2);
        assertThat(r.at("/per_language/de/fluency_mean").asDouble()).isEqualTo(4.75);
        assertThat(r.at("/per_language/fr/accuracy_mean").asDouble()).isEqualTo(4.0);
        assertThat(r.at("/gate/failures").toString()).isEqualTo("[\"fr: mean fluency 3.00 over 3 judged is below 4.0\"]");
        // the judge scored every document 5/4/5. Accuracy: raters 5,5,5,5,4,4,4 against 5 x 7: MAE 3/7, identical 4/7;
        // AC1 over 5 categories: of 14 scores 11 are 5 and 3 are 4, p_e = (11/14 * 3/14 + 3/14 * 11/14) / 4 = 66/784,
        // (4/7 - 66/784) / (1 - 66/784) = 382/718. Fluency: raters 5,5,5,4,3,3,3 against 4 x 7: MAE 6/7, identical 1/7.
        assertThat(r.get("judge_agreement").get("pairs").asInt()).isEqualTo(7);
        assertThat(r.at("/judge_agreement/accuracy/mean_absolute_error").asDouble()).isCloseTo(3.0 / 7, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(r.at("/judge_agreement/accuracy/exact_agreement").asDouble()).isCloseTo(4.0 / 7, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(r.at("/judge_agreement/accuracy/gwet_ac1").asDouble()).isCloseTo(382.0 / 718, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(r.at("/judge_agreement/fluency/mean_absolute_error").asDouble()).isCloseTo(6.0 / 7, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(r.at("/judge_agreement/fluency/exact_agreement").asDouble()).isCloseTo(1.0 / 7, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(run.out()).contains("| de | 4 | 5.00 | 4.75 | 5.00 |", "FAILED: fr: mean fluency 3.00");

        // a score left empty, one below 5 without a justification and a docid outside the sample: all three named
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, filled(sheet, "cem", (id, lang) -> id.equals(firstGerman) ? List.of("5", "", "5", "")
                : lang.equals("fr") ? List.of("4", "5", "5", "") : null).replace(firstGerman + ",", "de/nope,")
                + "de/e1,de,s,t,5,5,5,,cem\r\n".replace("de/e1", rows.get(1).get(0)));
        BenchRun refused = BenchRun.of("build", "xbcp-ratings", "--build", out.toString(), "--sheet", bad.toString());
        assertThat(refused.code()).isEqualTo(1);
        assertThat(refused.err()).contains("bad.csv: data row 1 (de/nope): not a docid of the verification sample")
                .contains("a score below 5 needs a justification");
    }

    // issue 45: the endpoint's URL names it in messages; its user:password@ went to stdout and into build-runs.jsonl
    @Test
    void anEndpointsPasswordIsNeitherPrintedNorWrittenToTheRunLog() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> new Reply(400, "{\"error\": \"no such model\"}", null, 0))) {
            String hostPort = server.baseUrl().getHost() + ":" + server.baseUrl().getPort();
            String secretUrl = server.baseUrl().toString().replace("://", "://builder:s3cret-pw@");
            Path models = dir.resolve("models-secret.json");
            Files.writeString(models, "{\"translator\": {\"base_url\": \"" + secretUrl + "\", \"model\": \"tr-1\"},"
                    + " \"judge\": {\"base_url\": \"" + secretUrl + "\", \"model\": \"judge-1\"}}");
            Path out = dir.resolve("out");
            BenchRun run = BenchRun.of(args(models, out));
            assertThat(run.code()).as(run.err()).isEqualTo(BuildExit.STOPPED);
            String runLog = Files.readString(dir.resolve("out.work/build-runs.jsonl"));
            // the refusal names the server (host and port), never the password or the user
            assertThat(run.out() + run.err()).contains(hostPort).contains("refused the request");
            assertThat(runLog).contains(hostPort);
            for (String text : List.of(run.out(), run.err(), runLog)) {
                assertThat(text).doesNotContain("s3cret-pw").doesNotContain("builder:");
            }
        }
    }

    @Test
    void aDryRunCountsTheCallsAndMakesNone() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, null))) {
            BenchRun run = BenchRun.of(args(models(server), dir.resolve("dry"), "--dry-run"));
            assertThat(run.code()).as(run.err()).isZero();
            // 6 documents to translate, 3 per language, and 3 titles; 3 judged per language
            assertThat(run.err()).contains("translator: 9 calls").contains("3 titles").contains("judge: at most 6 calls")
                    .contains("from English (en) into").contains("xbcp-translate (version 1").contains("xbcp-title (version 1")
                    .contains("Translate the document title the user gives from English (en)");
            assertThat(server.requests()).isZero();
            assertThat(dir.resolve("dry")).doesNotExist();
        }
    }

    @Test
    void aBuildKilledMidwayAndStartedAgainGivesTheSameBytesWithoutPayingTwice() throws Exception {
        Path whole = dir.resolve("whole");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, null))) {
            assertThat(BenchRun.of(args(models(server), whole, "--concurrency", "1")).code()).isZero();
        }
        Path resumed = dir.resolve("resumed");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> {
            Reply r = script(body, null);
            return new Reply(r.status(), r.body(), null, 300);
        })) {
            server.answerAtMost(3); // the killed build is paid for 3 calls, and journals them before the kill
            int code = BuildProcess.killAfterJournaledCallsThenResume(dir.resolve("log"), Map.of(),
                    dir.resolve("resumed.work/calls.jsonl"), 3, server::release, Duration.ofMinutes(3),
                    args(models(server), resumed, "--concurrency", "1"));
            assertThat(code).as(Files.readString(dir.resolve("log.2"), StandardCharsets.UTF_8)).isZero();
            assertThat(BuildProcess.tree(resumed)).isEqualTo(BuildProcess.tree(whole));
            // no call answered twice: 6 texts + 3 titles translated, 3 documents judged per language (de, fr) = 15 answered
            assertThat(server.repeatedAnswers()).isEmpty();
            assertThat(server.answers()).isEqualTo(15);
            // one call at a time: at most the one in flight at the kill (never answered) was asked again
            assertThat(server.requests()).isBetween(15, 16);
            assertThat(Files.readString(dir.resolve("resumed.work/build-runs.jsonl"))).contains("\"outcome\":\"done\"");
        }
    }
}
