package io.clirbench.cli.construct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.llm.Budget;
import io.clirbench.core.llm.BudgetExhaustedException;
import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.CallJournal;
import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.LlmUnavailableException;
import io.clirbench.core.llm.Parsed;
import io.clirbench.core.llm.Price;
import io.clirbench.core.llm.Prompt;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.llm.ReplyJson;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import io.clirbench.openai.ChatEndpoint;
import io.clirbench.openai.construct.OpenAiLlmPort;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build infrastructure over real HTTP: {@link OpenAiLlmPort} against a local chat-completions server with scripted
 * replies, the {@link CallJournal} on disk. Expected values are counted by hand from the scripts.
 */
class BuildLlmTest {

    @TempDir
    Path dir;

    private static final String TEMPLATE = "# id: t\n# version: 2\n[system]\nYou answer in {{lang}}.\n[user]\nPassage: {{passage}}\n";

    private Prompt prompt(String passage) throws Exception {
        Path prompts = dir.resolve("prompts");
        Files.createDirectories(prompts);
        Files.writeString(prompts.resolve("t.txt"), TEMPLATE);
        return PromptTemplate.load("t.txt", prompts).render(Map.of("lang", "German", "passage", passage));
    }

    private static BuildLlm llm(ChatCompletionsServer server, CallJournal journal, Budget budget) {
        return llm(server, journal, budget, "");
    }

    private static BuildLlm llm(ChatCompletionsServer server, CallJournal journal, Budget budget, String revision) {
        OpenAiLlmPort port = new OpenAiLlmPort(ChatEndpoint.named(server.baseUrl().toString(), "m1", null),
                OpenAiLlmPort.POLICY.withFirstBackoff(Duration.ofMillis(10)).withAttempts(2));
        return new BuildLlm(Map.of("generator", port), Map.of("generator", revision), journal, budget);
    }

    @Test
    void aTemplateIsRenderedAndHashedOverItsFileBytes() throws Exception {
        Prompt p = prompt("Ein Text.");
        // sha256sum of the same 76 bytes written with printf (run by hand)
        assertThat(p.sha256()).isEqualTo("5ed309e3a8d40eecac31d6bb73d2fc9016680558338a63f6f6189832cf36c4cb");
        assertThat(p.templateId()).isEqualTo("t");
        assertThat(p.version()).isEqualTo("2");
        assertThat(p.messages()).extracting(m -> m.role() + ":" + m.content())
                .containsExactly("system:You answer in German.", "user:Passage: Ein Text.");
        assertThatThrownBy(() -> PromptTemplate.load("t.txt", dir.resolve("prompts")).render(Map.of("lang", "de")))
                .hasMessageContaining("t.txt").hasMessageContaining("{{passage}}");
    }

    @Test
    void aCachedCallIsFreeAndGivesTheSameBytesAfterReopening() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> Reply.ok("answer " + n, 4, 2))) {
            Path file = dir.resolve("work/calls.jsonl");
            try (CallJournal journal = CallJournal.open(file)) {
                BuildLlm llm = llm(server, journal, Budget.unlimited());
                assertThat(llm.ask("generator", prompt("a"), Decoding.GREEDY).content()).isEqualTo("answer 1");
                assertThat(llm.ask("generator", prompt("a"), Decoding.GREEDY).content()).isEqualTo("answer 1");
                // another decoding is another call
                assertThat(llm.ask("generator", prompt("a"), new Decoding(0.7, 0)).content()).isEqualTo("answer 2");
                assertThat(llm.paidThisRun()).isEqualTo(2);
                assertThat(llm.cachedThisRun()).isEqualTo(1);
            }
            try (CallJournal journal = CallJournal.open(file)) {
                BuildLlm llm = llm(server, journal, Budget.unlimited());
                assertThat(llm.ask("generator", prompt("a"), Decoding.GREEDY).content()).isEqualTo("answer 1");
                assertThat(llm.paidThisRun()).isZero();
                // two calls of 4 + 2 tokens each
                assertThat(llm.usage()).singleElement().satisfies(u -> {
                    assertThat(u.calls()).isEqualTo(2);
                    assertThat(u.promptTokens()).isEqualTo(8);
                    assertThat(u.completionTokens()).isEqualTo(4);
                });
            }
            assertThat(server.requests()).isEqualTo(2);
        }
    }

    @Test
    void aModelRevisionIsPartOfTheCacheKeyAndNoRevisionKeepsTheEarlierKey() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> Reply.ok("answer " + n, 4, 2))) {
            Path file = dir.resolve("rev/calls.jsonl");
            try (CallJournal journal = CallJournal.open(file)) {
                assertThat(llm(server, journal, Budget.unlimited(), "r1").ask("generator", prompt("a"), Decoding.GREEDY).content())
                        .isEqualTo("answer 1");
                BuildLlm same = llm(server, journal, Budget.unlimited(), "r1");
                assertThat(same.ask("generator", prompt("a"), Decoding.GREEDY).content()).isEqualTo("answer 1");
                assertThat(same.revision("generator")).isEqualTo("r1");
                assertThat(llm(server, journal, Budget.unlimited(), "r2").ask("generator", prompt("a"), Decoding.GREEDY).content())
                        .isEqualTo("answer 2");
                assertThat(llm(server, journal, Budget.unlimited()).ask("generator", prompt("a"), Decoding.GREEDY).content())
                        .isEqualTo("answer 3");
                // the keys are the SHA-256 of the compact JSON, computed by hand with printf '%s' '...' | sha256sum:
                // {"model":"m1","revision":"r1","messages":[{"role":"system","content":"You answer in German."},
                //  {"role":"user","content":"Passage: a"}],"temperature":0.0,"max_tokens":0}, and the same without
                //  "revision" (the key before revisions existed)
                assertThat(journal.entries()).extracting(CallJournal.Entry::key).contains(
                        "0f4a40ce5395598f7bdd56ae0949f74409ee9149750090b8e5a4533df48d6340",
                        "f6e374d181697c60792e503b0454ecc970df59c4f05a7ab439a85794f1183b96");
            }
            assertThat(server.requests()).isEqualTo(3);
        }
    }

    @Test
    void aLineCutByAKillIsDroppedAndADamagedLineIsNamed() throws Exception {
        Path file = dir.resolve("calls.jsonl");
        String good = "{\"key\":\"k1\",\"model\":\"m\",\"content\":\"x\",\"prompt_tokens\":1,\"completion_tokens\":1}\n";
        Files.writeString(file, good + "{\"key\":\"k2\",\"mod");
        try (CallJournal journal = CallJournal.open(file)) {
            assertThat(journal.entries()).hasSize(1);
        }
        assertThat(Files.readString(file)).isEqualTo(good);
        Files.writeString(file, "not json\n", StandardOpenOption.APPEND);
        Files.writeString(file, good, StandardOpenOption.APPEND);
        assertThatThrownBy(() -> CallJournal.open(file)).hasMessageContaining(file + ":2").hasMessageContaining("not json");
    }

    @Test
    void anUnusableReplyIsAskedAgainWithACorrectionThenBecomesARejection() throws Exception {
        // replies 1 and 2: no JSON, then JSON without the field; reply 3: usable
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> switch (n) {
            case 1 -> Reply.ok("Sure! Here it is", 1, 1);
            case 2 -> Reply.ok("{\"other\": 1}", 1, 1);
            default -> Reply.ok("```json\n{\"question\": \"Wie?\"}\n```", 1, 1);
        }); CallJournal journal = CallJournal.open(dir.resolve("c.jsonl"))) {
            BuildLlm llm = llm(server, journal, Budget.unlimited());
            Parsed<String> ok = llm.askParsed("generator", prompt("p"), Decoding.GREEDY, c -> ReplyJson.text(ReplyJson.object(c), "question"), 3);
            assertThat(ok.ok()).isTrue();
            assertThat(ok.value()).isEqualTo("Wie?");
            assertThat(ok.attempts()).isEqualTo(3);
            // the third request carried both unusable replies and both corrections: 2 + 2 * 2 messages
            assertThat(server.bodies().get(2).path("messages").size()).isEqualTo(6);
            assertThat(ChatCompletionsServer.message(server.bodies().get(1), "user")).contains("holds no JSON object");

            Parsed<String> rejected = llm.askParsed("generator", prompt("q"), Decoding.GREEDY,
                    c -> ReplyJson.text(ReplyJson.object(c), "missing"), 1);
            assertThat(rejected.ok()).isFalse();
            assertThat(rejected.rejection()).isEqualTo("the field 'missing' is missing or empty");
        }
    }

    @Test
    void theBudgetStopsCallsOnceSpentAndCountsResumedCalls() throws Exception {
        // each reply: 4 prompt + 2 completion tokens = 6; limit 10: calls 1 (0 spent) and 2 (6 spent) go, call 3 (12) does not
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> Reply.ok("r" + n, 4, 2))) {
            Path file = dir.resolve("b.jsonl");
            try (CallJournal journal = CallJournal.open(file)) {
                BuildLlm llm = llm(server, journal, new Budget(10, 0, Map.of()));
                llm.ask("generator", prompt("1"), Decoding.GREEDY);
                llm.ask("generator", prompt("2"), Decoding.GREEDY);
                assertThatThrownBy(() -> llm.ask("generator", prompt("3"), Decoding.GREEDY))
                        .isInstanceOf(BudgetExhaustedException.class).hasMessageContaining("12 of --max-tokens 10");
            }
            // resumed with a cost limit: $1 per million prompt tokens and $2 per million completion tokens,
            // 2 journaled calls = 8 * 1e-6 + 4 * 2e-6 = $0.000016 >= $0.00001
            try (CallJournal journal = CallJournal.open(file)) {
                BuildLlm llm = llm(server, journal, new Budget(0, 0.00001, Map.of("m1", new Price(1, 2))));
                assertThat(llm.cost()).isCloseTo(0.000016, org.assertj.core.data.Offset.offset(1e-12));
                assertThat(llm.ask("generator", prompt("1"), Decoding.GREEDY).content()).isEqualTo("r1");
                assertThatThrownBy(() -> llm.ask("generator", prompt("3"), Decoding.GREEDY)).isInstanceOf(BudgetExhaustedException.class);
            }
            assertThat(server.requests()).isEqualTo(2);
        }
    }

    @Test
    void aRefusingEndpointIsUnavailableNotAnUnusableReply() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> new Reply(401, "{\"error\":\"bad key\"}", null, 0));
                CallJournal journal = CallJournal.open(dir.resolve("u.jsonl"))) {
            BuildLlm llm = llm(server, journal, Budget.unlimited());
            assertThatThrownBy(() -> llm.askParsed("generator", prompt("x"), Decoding.GREEDY, c -> c, 3))
                    .isInstanceOf(LlmUnavailableException.class).hasMessageContaining("HTTP 401");
            assertThat(journal.entries()).isEmpty();
            assertThat(Files.readString(journal.file(), StandardCharsets.UTF_8)).isEmpty();
        }
    }
}
