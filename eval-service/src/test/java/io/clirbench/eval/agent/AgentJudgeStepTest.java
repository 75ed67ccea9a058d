package io.clirbench.eval.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import io.clirbench.proto.agent.v1.AgentRunOpened;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The eval-service's judging step of a run opened with a judge, against a real HTTP server speaking the chat-completions
 * protocol with scripted verdicts, on bench-core's architecture-layout task and its cross-lingual run (answers: q1 a1,
 * q2 wrong, q3 a3, q4 wrong; references a1..a4). The judge says yes to q1, q2 and q4, no to q3. Hand count: accuracy
 * 3/4 (exact match alone: q1, q3 = 2/4); judge and exact match disagree on q2 and q4 (judge yes) and q3 (judge no).
 */
class AgentJudgeStepTest {

    static final Path FIXTURES = Path.of("../bench-core/src/test/resources/agentic").toAbsolutePath().normalize();
    static final ObjectMapper JSON = new ObjectMapper();
    static final Map<String, String> VERDICTS = Map.of("Capital of France?", "yes", "When was Rome founded?", "yes",
            "Where is Oslo?", "no", "Federal city and capital?", "yes");

    @TempDir
    Path dir;

    private static AgentRunOpened opened(String judge) {
        return AgentRunOpened.newBuilder().setRunId("r-judged").setTaskId("family-level")
                .setTaskLocation(FIXTURES.resolve("architecture-layout").toString()).setConfiguration("cross-lingual")
                .setBootstrap(0).setSeed(1).setJudge(judge).setJudgePrompt("bcp").build();
    }

    private Path models(ChatCompletionsServer server, String model) throws Exception {
        Path f = dir.resolve("models.json");
        Files.writeString(f, JSON.createObjectNode().set("judge", JSON.createObjectNode().put("base_url", server.baseUrl().toString())
                .put("model", model).put("api_key_env", "CLIRBENCH_TEST_NO_SUCH_KEY")).toString());
        return f;
    }

    @Test
    void aRunThatNamesTheConfiguredJudgeIsJudgedBeforeItsReport() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> {
            String prompt = ChatCompletionsServer.message(body, "user");
            String question = prompt.substring(prompt.indexOf("[question]: ") + 12, prompt.indexOf("\n", prompt.indexOf("[question]: ")));
            return Reply.ok("extracted_final_answer: x\n\nreasoning: scripted for " + question + "\n\ncorrect: "
                    + VERDICTS.get(question) + "\n\nconfidence: 80%", 50, 10);
        })) {
            AgentRun run = BcpRunReader.read(FIXTURES.resolve("agentic-runs/cross-lingual"), "r-judged", true);
            Map<String, String> files = new AgentReportBuilder(AgentJudgeStep.of(models(server, "judge-m1")))
                    .build(opened("judge-m1"), run, 0L);
            assertThat(server.requests()).isEqualTo(4);
            assertThat(ChatCompletionsServer.message(server.bodies().get(0), "user"))
                    .startsWith("Decide whether the [response] below answers the [question] correctly"); // the shipped bcp prompt
            JsonNode r = JSON.readTree(files.get("report.json")).get("runs").get(0);
            assertThat(r.path("summary").path("accuracy").asDouble()).isCloseTo(0.75, within(1e-12));
            assertThat(r.path("judge").path("judgeModels").get(0).asText()).isEqualTo("judge-m1");
            assertThat(r.path("judge").path("judgeYesExactNo").asInt()).isEqualTo(2);
            assertThat(r.path("judge").path("judgeNoExactYes").asInt()).isEqualTo(1);
            assertThat(files).containsKeys("judgements/run_q1_eval.json", "judgements/run_q4_eval.json");
            JsonNode q3 = JSON.readTree(files.get("judgements/run_q3_eval.json"));
            assertThat(q3.path("judge_result").path("correct").asBoolean()).isFalse();
            assertThat(q3.path("model_info").path("judge_prompt").asText()).isEqualTo("agent-judge-bcp");
            assertThat(files.get("report.html")).contains("Answers the judge and exact match disagree on", "scripted for Where is Oslo?");
        }
    }

    @Test
    void aJudgeOtherThanTheConfiguredOneIsRefusedWithoutACall() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> Reply.ok("correct: yes", 1, 1))) {
            AgentRun run = BcpRunReader.read(FIXTURES.resolve("agentic-runs/cross-lingual"), "r-judged", true);
            Path models = models(server, "judge-m1");
            assertThatThrownBy(() -> new AgentReportBuilder(AgentJudgeStep.of(models)).build(opened("other"), run, 0L))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'other'").hasMessageContaining("'judge-m1'");
            assertThatThrownBy(() -> new AgentReportBuilder().build(opened("judge-m1"), run, 0L))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("clirbench.agent-judge.models");
            assertThat(server.requests()).isZero();
            // a run without a judge is labelled by exact match, as before: q1 and q3 of 4
            JsonNode r = JSON.readTree(new AgentReportBuilder().build(opened(""), run, 0L).get("report.json")).get("runs").get(0);
            assertThat(r.path("summary").path("accuracy").asDouble()).isCloseTo(0.5, within(1e-12));
            assertThat(r.has("judge")).isFalse();
        }
    }
}
