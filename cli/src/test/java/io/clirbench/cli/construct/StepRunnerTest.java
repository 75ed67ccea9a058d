package io.clirbench.cli.construct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.llm.Price;
import io.clirbench.core.llm.step.DryRun;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build-step runner ({@code llm.step}) with a real chat-completions server over HTTP, through the same port,
 * journal and budget the commands use ({@link UpperBuild}: twelve words w01..w12, each to be written in capitals). The
 * server answers {@code {"upper": "W.."}} with 11 prompt and 5 completion tokens and reports the model
 * {@value #SERVED}; it answers w05's first ask and every ask of w09 with prose (unusable), so with two attempts:
 * <pre>
 * word   asks   outcome
 * w05    2      W05, the first reply kept as unusable
 * w09    2      rejected, both replies kept (the last also in its result)
 * other  1      W..
 * </pre>
 * Hand count: 12 + 1 + 1 = 14 calls for the whole build.
 */
class StepRunnerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String SERVED = "m-test-2026-01-01";

    @TempDir
    Path dir;
    Path prompts;

    @BeforeEach
    void promptFile() throws Exception {
        prompts = dir.resolve("prompts");
        UpperStep.writePrompt(prompts);
    }

    static Reply script(JsonNode body, long delayMillis) {
        String word = body.path("messages").get(1).path("content").asText(); // the first user message: the word
        int asks = body.path("messages").size() / 2; // system + user, then assistant + correction per earlier ask
        String answer = word.equals("w09") || (word.equals("w05") && asks == 1) ? "Sure! The word is " + word.toUpperCase()
                : "{\"upper\": \"" + word.toUpperCase() + "\"}";
        try {
            ObjectNode o = (ObjectNode) JSON.readTree(Reply.ok(answer, 11, 5).body());
            o.put("model", SERVED);
            return new Reply(200, o.toString(), null, delayMillis);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private int build(ChatCompletionsServer server, String name, int concurrency, long maxTokens) throws Exception {
        return UpperBuild.run(server.baseUrl().toString(), prompts, dir.resolve(name), dir.resolve(name + ".work"), concurrency, maxTokens);
    }

    @Test
    void aDryRunMakesNoCallAndItsEstimateIsTheHandComputedOne() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, 0))) {
            DryRun dry = DryRun.of(List.of(UpperStep.of(UpperBuild.WORDS, prompts, 2)), Map.of("generator", "m-test"),
                    Map.of("m-test", new Price(2.5, 10)));
            // per call: the system prompt's 40 characters = 10 tokens, the word's 3 characters = ⌈3/4⌉ = 1 token: 11;
            // 12 calls: 132 prompt tokens, 12 x 10 = 120 reply tokens; 132 x 2.5 / 1e6 + 120 x 10 / 1e6 = 0.00033 + 0.0012
            assertThat(dry.roles().get("generator").promptTokens()).isEqualTo(132);
            assertThat(dry.roles().get("generator").replyTokens()).isEqualTo(120);
            assertThat(dry.cost()).isCloseTo(0.00153, within(1e-12));
            String text = dry.render("bench build upper", 2, List.of());
            assertThat(text).contains("generator: 12 calls (per prompt: {test-upper=12}), up to 24 with retries", "cost estimate: $0.0015",
                    "~132 prompt + ~120 reply tokens", "$2.5/$10 per million", "⌈characters ÷ 4⌉", "--- test-upper (version 1, sha256 ",
                    "for upper", "[user]\nw01");
            // a model without a price is said to be counted as free
            assertThat(DryRun.of(List.of(UpperStep.of(UpperBuild.WORDS, prompts, 2)), Map.of(), Map.of()).render("x", 1, List.of()))
                    .contains("generator (unknown)", "no price for this model", "cost estimate: $0.0000");
            assertThat(server.requests()).isZero();
        }
    }

    @Test
    void aMalformedReplyIsAskedAgainAndKeptWithTheProvenanceOfEveryCall() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, 0))) {
            assertThat(build(server, "out", 3, 0)).isZero();
            assertThat(server.requests()).isEqualTo(14);
            List<String> results = Files.readAllLines(dir.resolve("out/results.jsonl"));
            assertThat(JSON.readTree(results.get(4)).path("upper").asText()).isEqualTo("W05");
            assertThat(JSON.readTree(results.get(4)).path("attempts").asInt()).isEqualTo(2);
            JsonNode w09 = JSON.readTree(results.get(8));
            assertThat(w09.path("rejection").asText()).contains("not {\"upper\": \"W09\"}");
            assertThat(w09.path("reply").asText()).isEqualTo("Sure! The word is W09");
            List<String> unusable = Files.readAllLines(dir.resolve("out/unusable-replies.jsonl"));
            assertThat(unusable).hasSize(3);
            JsonNode first = JSON.readTree(unusable.get(0));
            assertThat(first.path("step").asText()).isEqualTo("upper");
            assertThat(first.path("unit").asInt()).isEqualTo(4);
            assertThat(first.path("attempt").asInt()).isEqualTo(1);
            assertThat(first.path("reply").asText()).isEqualTo("Sure! The word is W05");
            assertThat(JSON.readTree(unusable.get(2)).path("attempt").asInt()).isEqualTo(2);
            JsonNode p = JSON.readTree(dir.resolve("out/provenance.json").toFile()).path("generator");
            assertThat(p.path("model").asText()).isEqualTo("m-test");
            assertThat(p.path("reported_models").get(0).asText()).isEqualTo(SERVED);
            assertThat(p.path("calls").asInt()).isEqualTo(14);
            assertThat(p.path("prompts").get(0).path("id").asText()).isEqualTo("test-upper");
            assertThat(p.path("prompts").get(0).path("sha256").asText()).hasSize(64);
            assertThat(p.path("decodings").get(0).path("temperature").asDouble()).isZero();
        }
    }

    @Test
    void aSpentBudgetStopsAndTheResumedBuildPaysOnlyTheMissingCalls() throws Exception {
        Path whole = dir.resolve("whole");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, 0))) {
            assertThat(build(server, "whole", 1, 0)).isZero();
        }
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, 0))) {
            // 16 tokens a call: after 3 calls 48 >= 40, so the 4th is refused; nothing is written
            assertThat(build(server, "out", 1, 40)).isEqualTo(3);
            assertThat(server.requests()).isEqualTo(3);
            assertThat(dir.resolve("out")).doesNotExist();
            assertThat(build(server, "out", 1, 0)).isZero();
            assertThat(server.requests()).isEqualTo(14); // 3 + the 11 missing, none twice
            assertThat(server.repeatedBodies()).isEmpty();
        }
        assertThat(BuildProcess.tree(dir.resolve("out"))).isEqualTo(BuildProcess.tree(whole));
    }

    @Test
    void aBuildKilledWithSigkillResumesToByteIdenticalOutputs() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, 0))) {
            assertThat(build(server, "whole", 2, 0)).isZero();
        }
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, 50))) {
            server.answerAtMost(5); // the killed build is paid for 5 calls, journals them, then waits for its next replies
            int code = BuildProcess.killAfterJournaledCallsThenResume(UpperBuild.class.getName(), dir.resolve("log"), Map.of(),
                    dir.resolve("resumed.work/calls.jsonl"), 5, server::release, Duration.ofMinutes(3),
                    server.baseUrl().toString(), prompts.toString(), dir.resolve("resumed").toString(),
                    dir.resolve("resumed.work").toString(), "2", "0");
            assertThat(code).as(Files.readString(dir.resolve("log.2"))).isZero();
            assertThat(server.repeatedAnswers()).isEmpty();
            assertThat(server.answers()).isEqualTo(14);
        }
        assertThat(BuildProcess.tree(dir.resolve("resumed"))).isEqualTo(BuildProcess.tree(dir.resolve("whole")));
    }
}
