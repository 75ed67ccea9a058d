package io.clirbench.cli.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.BenchRun;
import io.clirbench.cli.construct.BuildProcess;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench agent judge} against a real HTTP server speaking the chat-completions protocol, whose judge replies are
 * scripted per question (the question id is in the prompt it receives), then {@code bench agent eval --judgements} in
 * both modes on the judgements written. The fixture, a BrowseComp-Plus run directory written here:
 * <pre>
 * query  answer (Exact Answer)     reference              judge replies                              verdict     exact match
 * q1     Marie Curie               Marie Curie            correct: yes                               yes         yes
 * q2     Lake Baikal               Lake Titicaca          correct: no                                no          no
 * q3     Tschaikowski              Tchaikovsky            correct: yes (a transliteration)           yes         no
 * q4     1987                      1987                   malformed, then correct: yes               yes         yes
 * q5     Kyoto                     Kyoto                  malformed three times                      unjudged    yes
 * q6     (status incomplete)       Mount Elbrus           not sent                                   -           -
 * q7     The Velvet Underground    Velvet Underground     **correct:** no (bold)                     no          yes
 * q8     (no run file)             Ada Lovelace           -                                          -           -
 * q99    (no ground truth)         -                      not sent, no evaluation file              -           -
 * </pre>
 * Hand count: 9 calls (q4 2, q5 3, four others 1). Correct by the judge: q1, q3, q4 = 3. Default mode: every one of
 * the 8 questions, q8 counted wrong: 3/8 = 0.375. {@code --compat bcp}: the 7 run files with ground truth: 3/7 =
 * 42.86 %. Exact match alone: q1, q4, q5, q7 = 4/8. Judge and exact match disagree on 2 answers (q3: judge yes;
 * q7: judge no); q5 is unjudged (counted wrong), not a disagreement.
 */
class AgentJudgeCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    private static final Path PARITY = Path.of(System.getProperty("shared.data"), "agentic-parity", "bcp-main");
    private static final String MALFORMED = "extracted_final_answer: %s\nreasoning: I compared them.\nverdict: same\nconfidence: 90%%";

    @TempDir
    Path dir;
    Path runs;
    Path truth;
    Path qrels;

    @BeforeEach
    void fixture() throws IOException {
        runs = dir.resolve("runs/agent-a");
        Files.createDirectories(runs);
        runFile("q1", "completed", "Marie Curie", 80);
        runFile("q2", "completed", "Lake Baikal", 60);
        runFile("q3", "completed", "Tschaikowski", 90);
        runFile("q4", "completed", "1987", 70);
        runFile("q5", "completed", "Kyoto", 50);
        runFile("q6", "incomplete", "Mount Elbrus", 40);
        runFile("q7", "completed", "The Velvet Underground", 95);
        runFile("q99", "completed", "Nobody", 10);
        truth = dir.resolve("ground_truth.jsonl");
        StringBuilder gt = new StringBuilder();
        StringBuilder qr = new StringBuilder();
        String[][] answers = {{"q1", "Marie Curie"}, {"q2", "Lake Titicaca"}, {"q3", "Tchaikovsky"}, {"q4", "1987"}, {"q5", "Kyoto"},
                {"q6", "Mount Elbrus"}, {"q7", "Velvet Underground"}, {"q8", "Ada Lovelace"}};
        for (String[] a : answers) {
            gt.append(JSON.createObjectNode().put("query_id", a[0]).put("query", "Question " + a[0] + ": which entity fits?")
                    .put("answer", a[1])).append('\n');
            qr.append(a[0]).append(" Q0 d-").append(a[0]).append(" 1\n");
        }
        Files.writeString(truth, gt.toString());
        qrels = dir.resolve("qrel_evidence.txt");
        Files.writeString(qrels, qr.toString());
    }

    private void runFile(String id, String status, String answer, int confidence) throws IOException {
        ObjectNode o = JSON.createObjectNode().put("query_id", id);
        o.putObject("tool_call_counts").put("search", 2);
        o.put("status", status);
        o.putArray("retrieved_docids").add("d-" + id).add("d-other");
        ObjectNode out = o.putArray("result").addObject().put("type", "output_text");
        out.put("output", "Explanation: found in [7].\nExact Answer: " + answer + "\nConfidence: " + confidence + "%");
        Files.writeString(runs.resolve("run_" + id + ".json"), o.toPrettyString());
    }

    /** The scripted judge: the reply to the prompt of a question, by its id and by which attempt it is (1, 2, 3). */
    static Reply script(JsonNode request) {
        JsonNode messages = request.path("messages");
        String first = messages.get(0).path("content").asText();
        String id = first.substring(first.indexOf("Question q") + "Question ".length()).split(":")[0];
        int attempt = (messages.size() + 1) / 2;
        String text = switch (id) {
            case "q1" -> verdict("Marie Curie", "Marie Curie", "The same person.", "yes", "80%");
            case "q2" -> verdict("Lake Baikal", "Lake Titicaca", "Different lakes.", "no", "60%");
            case "q3" -> verdict("Tschaikowski", "Tchaikovsky", "Tschaikowski is the German transliteration of Tchaikovsky.", "yes", "90%");
            case "q4" -> attempt == 1 ? String.format(MALFORMED, "1987") : verdict("1987", "1987", "The same year.", "yes", "70%");
            case "q5" -> String.format(MALFORMED, "Kyoto");
            case "q7" -> "**extracted_final_answer:** The Velvet Underground\n\n**reasoning:** The judge insists on the "
                    + "article.\n\n**correct:** no\n\n**confidence:** 95%";
            default -> throw new AssertionError("no judge reply is scripted for " + id);
        };
        return Reply.ok(text, 100, 20);
    }

    private static String verdict(String extracted, String correct, String reasoning, String yesNo, String confidence) {
        return "extracted_final_answer: " + extracted + "\n\n[correct_answer]: " + correct + "\n\nreasoning: " + reasoning
                + "\n\ncorrect: " + yesNo + "\n\nconfidence: " + confidence;
    }

    private String[] judgeArgs(ChatCompletionsServer server, Path out, String... more) {
        List<String> args = new ArrayList<>(List.of("agent", "judge", runs.toString(), "--ground-truth", truth.toString(),
                "--endpoint", server.baseUrl().toString(), "--model", "judge-m1", "--out", out.toString()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    @Test
    void verdictsAreParsedRetriedAndWrittenInBrowseCompPlusLayout() throws Exception {
        Path out = dir.resolve("evals/agent-a");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            BenchRun run = BenchRun.of(judgeArgs(server, out, "--concurrency", "2"));
            assertThat(run.code()).as(run.err()).isZero();
            assertThat(server.requests()).isEqualTo(9);
            assertThat(server.maxInFlight()).isBetween(1, 2);
            // q4's second request: the prompt, the malformed reply and the correction
            JsonNode retry = server.bodies().stream().filter(b -> b.path("messages").size() == 3
                    && b.path("messages").get(0).path("content").asText().contains("Question q4:")).findFirst().orElseThrow();
            assertThat(retry.path("messages").get(1).path("role").asText()).isEqualTo("assistant");
            assertThat(retry.path("messages").get(2).path("content").asText()).contains("could not be read", "correct: (yes or no)");
            assertThat(run.out()).contains("judge judge-m1, prompt agent-judge-xbcp", "7 answers: 3 correct, 2 wrong, 1 unjudged",
                    "1 unfinished runs not judged", "exact match disagrees on 2 (judge yes, exact match no: 1; judge no, exact match yes: 1)",
                    "calls: 9 paid, 0 from the cache");
        }
        Set<String> files = new TreeSet<>();
        try (var s = Files.list(out)) {
            s.forEach(p -> files.add(p.getFileName().toString()));
        }
        assertThat(files).containsExactly("run_q1_eval.json", "run_q2_eval.json", "run_q3_eval.json", "run_q4_eval.json",
                "run_q5_eval.json", "run_q6_eval.json", "run_q7_eval.json");
        String sha = sha256(ROOT.resolve("bench-core/src/main/resources/io/clirbench/core/construct/prompts/agent-judge/xbcp.txt"));
        JsonNode q3 = JSON.readTree(out.resolve("run_q3_eval.json").toFile());
        assertThat(q3.path("judge_result").path("correct").asBoolean()).isTrue();
        assertThat(q3.path("judge_result").path("extracted_final_answer").asText()).isEqualTo("Tschaikowski");
        assertThat(q3.path("judge_result").path("confidence").asDouble()).isEqualTo(90.0);
        assertThat(q3.path("judge_result").path("reasoning").asText()).isEqualTo("Tschaikowski is the German transliteration of Tchaikovsky.");
        assertThat(q3.path("model_info").path("judge_model").asText()).isEqualTo("judge-m1");
        assertThat(q3.path("model_info").path("judge_prompt_sha256").asText()).isEqualTo(sha);
        assertThat(q3.path("judge_prompt").asText()).contains("[response]: Explanation: found in [7].\nExact Answer: Tschaikowski");
        JsonNode q4 = JSON.readTree(out.resolve("run_q4_eval.json").toFile());
        assertThat(q4.path("judge_result").path("correct").asBoolean()).isTrue();
        assertThat(q4.path("judge_attempts").asInt()).isEqualTo(2);
        JsonNode q5 = JSON.readTree(out.resolve("run_q5_eval.json").toFile());
        assertThat(q5.path("judge_result").path("correct").isNull()).isTrue();
        assertThat(q5.path("judge_result").path("parse_error").asBoolean()).isTrue();
        assertThat(q5.path("judge_response").asText()).isEqualTo(String.format(MALFORMED, "Kyoto")); // the raw reply kept
        assertThat(q5.path("judge_attempts").asInt()).isEqualTo(3);
        JsonNode q7 = JSON.readTree(out.resolve("run_q7_eval.json").toFile());
        assertThat(q7.path("judge_result").path("correct").asBoolean()).isFalse();
        // the peer's own records (expected-per-query.json of the parity case): the same fields and judge_result fields,
        // judged and unfinished, but for citations and retrieval, which bench agent eval computes from the run
        JsonNode peer = JSON.readTree(PARITY.resolve("expected-per-query.json").toFile());
        JsonNode peerJudged = null;
        JsonNode peerUnfinished = null;
        for (JsonNode r : peer) {
            if (r.path("is_completed").asBoolean() && r.has("question") && peerJudged == null) {
                peerJudged = r;
            }
            if (!r.path("is_completed").asBoolean() && peerUnfinished == null) {
                peerUnfinished = r;
            }
        }
        Set<String> without = Set.of("citations", "retrieval");
        assertThat(fields(q3)).containsAll(fields(peerJudged).stream().filter(f -> !without.contains(f)).toList());
        assertThat(fields(q3.path("judge_result"))).isEqualTo(fields(peerJudged.path("judge_result")));
        JsonNode q6 = JSON.readTree(out.resolve("run_q6_eval.json").toFile());
        assertThat(fields(q6)).containsAll(fields(peerUnfinished).stream().filter(f -> !without.contains(f)).toList());
        assertThat(q6.path("judge_result")).isEqualTo(peerUnfinished.path("judge_result"));
        assertThat(q6.path("judge_response").isNull()).isTrue();
    }

    @Test
    void aSecondRunIsServedFromTheCacheWithZeroCallsAndTheSameBytes() throws Exception {
        Path out = dir.resolve("evals/agent-a");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            assertThat(BenchRun.of(judgeArgs(server, out)).code()).isZero();
            int first = server.requests();
            var before = BuildProcess.tree(out);
            BenchRun again = BenchRun.of(judgeArgs(server, out));
            assertThat(again.code()).as(again.err()).isZero();
            assertThat(server.requests() - first).isZero();
            assertThat(again.out()).contains("calls: 0 paid, 9 from the cache");
            assertThat(BuildProcess.tree(out)).isEqualTo(before);
            // another prompt is another cache key: every judged answer is asked again
            BenchRun bcp = BenchRun.of(judgeArgs(server, dir.resolve("evals-bcp"), "--prompt", "bcp"));
            assertThat(bcp.code()).as(bcp.err()).isZero();
            assertThat(server.requests() - first).isEqualTo(9);
        }
    }

    @Test
    void aSpentBudgetStopsCleanlyAndTheSameCommandResumesWithoutPayingTwice() throws Exception {
        Path out = dir.resolve("evals/agent-a");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            // --max-tokens 1: the first call starts (nothing spent yet), spends 120 tokens, and no further call starts
            BenchRun stopped = BenchRun.of(judgeArgs(server, out, "--concurrency", "1", "--max-tokens", "1"));
            assertThat(stopped.code()).as(stopped.err()).isEqualTo(3);
            assertThat(stopped.err()).contains("the token budget is spent", "run the same command again to resume");
            assertThat(server.requests()).isEqualTo(1);
            BenchRun resumed = BenchRun.of(judgeArgs(server, out, "--concurrency", "1"));
            assertThat(resumed.code()).as(resumed.err()).isZero();
            assertThat(resumed.out()).contains("calls: 8 paid, 1 from the cache");
            assertThat(server.repeatedBodies()).isEmpty();
            assertThat(server.requests()).isEqualTo(9);
        }
    }

    @Test
    void badInputIsRefusedNamingTheOptionAndNothingIsWritten() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            BenchRun inside = BenchRun.of(judgeArgs(server, runs.resolve("evals")));
            assertThat(inside.code()).isNotZero();
            assertThat(inside.err()).contains("--out", "is (inside) the run");
            assertThat(runs.resolve("evals")).doesNotExist();
            BenchRun prompt = BenchRun.of(judgeArgs(server, dir.resolve("o"), "--prompt", "xbpc"));
            assertThat(prompt.code()).isNotZero();
            assertThat(prompt.err()).contains("--prompt xbpc: neither bcp, xbcp nor a prompt file");
            assertThat(dir.resolve("o")).doesNotExist();
            // an evaluation file that is a link to another file is not written through
            Path linked = dir.resolve("linked");
            Files.createDirectories(linked);
            Path victim = Files.writeString(dir.resolve("victim.txt"), "keep");
            Files.createSymbolicLink(linked.resolve("run_q1_eval.json"), victim);
            BenchRun link = BenchRun.of(judgeArgs(server, linked));
            assertThat(link.code()).isNotZero();
            assertThat(link.err()).contains("symbolic link", "--follow-symlinks");
            assertThat(Files.readString(victim)).isEqualTo("keep");
            assertThat(server.requests()).isZero();
        }
    }

    @Test
    void aJudgeKilledMidwayResumesAskingOnlyTheRemainingAnswers() throws Exception {
        Path whole = dir.resolve("whole");
        int wholeAnswers;
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            assertThat(BenchRun.of(judgeArgs(server, whole, "--concurrency", "1")).code()).isZero();
            wholeAnswers = server.answers();
        }
        Path resumed = dir.resolve("resumed");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> {
            Reply r = script(body);
            return new Reply(r.status(), r.body(), null, 100);
        })) {
            server.answerAtMost(3); // the killed judge is paid for 3 calls, journals them, then waits for its 4th reply
            int code = BuildProcess.killAfterJournaledCallsThenResume(dir.resolve("log"), Map.of(),
                    dir.resolve("resumed.work/calls.jsonl"), 3, server::release, Duration.ofMinutes(3),
                    judgeArgs(server, resumed, "--concurrency", "1"));
            assertThat(code).as(Files.readString(dir.resolve("log.2"))).isZero();
            // every call of the uninterrupted run answered once, none twice; the output complete and the same bytes
            assertThat(server.repeatedAnswers()).isEmpty();
            assertThat(server.answers()).isEqualTo(wholeAnswers).isEqualTo(9);
            assertThat(Files.readString(dir.resolve("log.2"))).contains("calls: 6 paid, 3 from the cache");
            assertThat(BuildProcess.tree(resumed)).isEqualTo(BuildProcess.tree(whole));
        }
    }

    @Test
    void accuracyFromTheJudgementsEqualsTheHandCountInBothModes() throws Exception {
        Path out = dir.resolve("evals/agent-a");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            assertThat(BenchRun.of(judgeArgs(server, out)).code()).isZero();
        }
        Path report = dir.resolve("report");
        BenchRun eval = BenchRun.of("agent", "eval", "--evidence", qrels.toString(), "--ground-truth", truth.toString(),
                "--run", runs.toString(), "--judgements", out.toString(), "--out", report.toString(), "--date", "2026-12-06");
        assertThat(eval.code()).as(eval.err()).isZero();
        JsonNode run = JSON.readTree(report.resolve("report.json").toFile()).get("runs").get(0);
        assertThat(run.path("summary").path("queries").asInt()).isEqualTo(8);
        assertThat(run.path("summary").path("accuracy").asDouble()).isCloseTo(3.0 / 8, within(1e-12));
        JsonNode judge = run.path("judge");
        assertThat(judge.path("judgeModels").get(0).asText()).isEqualTo("judge-m1");
        assertThat(judge.path("judged").asInt()).isEqualTo(5);
        assertThat(judge.path("unjudged").asInt()).isEqualTo(1);
        assertThat(judge.path("judgeYesExactNo").asInt()).isEqualTo(1);
        assertThat(judge.path("judgeNoExactYes").asInt()).isEqualTo(1);
        String html = Files.readString(report.resolve("report.html"));
        String sha = sha256(ROOT.resolve("bench-core/src/main/resources/io/clirbench/core/construct/prompts/agent-judge/xbcp.txt"));
        assertThat(html).contains("Answer judge against exact match", "judge-m1", sha.substring(0, 12),
                "Answers the judge and exact match disagree on", "Tschaikowski", "Tchaikovsky",
                "Tschaikowski is the German transliteration of Tchaikovsky.", "The judge insists on the article.");

        Path bcpReport = dir.resolve("report-bcp");
        BenchRun bcp = BenchRun.of("agent", "eval", "--compat", "bcp", "--evidence", qrels.toString(), "--ground-truth",
                truth.toString(), "--run", runs.toString(), "--judgements", out.toString(), "--out", bcpReport.toString(),
                "--date", "2026-12-06");
        assertThat(bcp.code()).as(bcp.err()).isZero();
        JsonNode summary = JSON.readTree(bcpReport.resolve("agent-a/evaluation_summary.json").toFile());
        assertThat(summary.path("Accuracy (%)").asDouble()).isEqualTo(42.86); // round(3 / 7 * 100, 2)
        Map<String, Boolean> perQuery = new java.util.TreeMap<>();
        summary.path("per_query_metrics").forEach(q -> perQuery.put(q.path("query_id").asText(), q.path("correct").asBoolean()));
        assertThat(perQuery).isEqualTo(Map.of("q1", true, "q2", false, "q3", true, "q4", true, "q5", false, "q6", false, "q7", false));

        // exact match alone, for contrast: q1, q4, q5, q7 of 8
        BenchRun exact = BenchRun.of("agent", "eval", "--evidence", qrels.toString(), "--ground-truth", truth.toString(),
                "--run", runs.toString(), "--out", dir.resolve("report-em").toString());
        assertThat(exact.code()).as(exact.err()).isZero();
        assertThat(JSON.readTree(dir.resolve("report-em/report.json").toFile()).get("runs").get(0).path("summary").path("accuracy")
                .asDouble()).isCloseTo(4.0 / 8, within(1e-12));
    }

    private static List<String> fields(JsonNode o) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
            out.add(it.next());
        }
        return out;
    }

    private static String sha256(Path p) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
    }
}
