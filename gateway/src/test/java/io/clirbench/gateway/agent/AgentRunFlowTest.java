package io.clirbench.gateway.agent;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.gateway.TestAuth;
import io.clirbench.gateway.messaging.KafkaClientSecurity;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.agent.v1.AgentCall;
import io.clirbench.proto.agent.v1.AgentEvent;
import io.clirbench.proto.agent.v1.AgentRunOpened;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * Agent runs on the gateway against a real Kafka broker and the gRPC test index: the MCP Java SDK's client lists and
 * calls the tools; each call's AgentCall is on agent-calls.v1 when the call returns; bad input is refused with a
 * clear MCP tool error or problem+json and records nothing.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class AgentRunFlowTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path TASK = Path.of(System.getProperty("project.root", "..")).resolve("datasets/xquad-agentic")
            .toAbsolutePath().normalize();

    @TestHTTPResource("/")
    URL base;

    private static String open(int k, int snippetTokens) {
        return given().contentType(ContentType.JSON).body(Map.of("task", TASK.toString(), "configuration", "multilingual",
                        "retriever", "bm25", "k", k, "snippetTokens", snippetTokens, "bootstrap", 0))
                .post("/api/agent-runs").then().statusCode(201).extract().path("id");
    }

    private static String firstQuestion(String runId) {
        return given().get("/api/agent-runs/" + runId + "?questions=true").then().statusCode(200)
                .extract().path("questions[0].queryId");
    }

    private McpSyncClient mcp(String runId, String queryId) {
        String root = base.toString().replaceAll("/$", "");
        McpSyncClient client = McpClient.sync(HttpClientStreamableHttpTransport.builder(root)
                        .endpoint("/mcp/" + runId + "/" + queryId).jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
                        .customizeRequest(r -> r.header("Authorization", TestAuth.RUNNER_HEADER)).build())
                .requestTimeout(Duration.ofSeconds(60)).build();
        client.initialize();
        return client;
    }

    private static String text(McpSchema.CallToolResult r) {
        return ((McpSchema.TextContent) r.content().get(0)).text();
    }

    @Test
    void mcpToolsHaveBrowseCompPlusNamesAndEveryCallIsPublishedBeforeItReturns() throws Exception {
        String runId = open(3, 8);
        String queryId = firstQuestion(runId);
        try (McpSyncClient client = mcp(runId, queryId)) {
            List<McpSchema.Tool> tools = client.listTools().tools();
            assertThat(tools).extracting(McpSchema.Tool::name).containsExactly("search", "get_document");
            assertThat(tools.get(0).inputSchema().required()).containsExactly("query");
            assertThat(tools.get(1).inputSchema().required()).containsExactly("docid");

            McpSchema.CallToolResult search = client.callTool(new McpSchema.CallToolRequest("search",
                    Map.of("query", "Pittsburgh Steelers and Carolina in the divisional round")));
            assertThat(search.isError()).isNotEqualTo(Boolean.TRUE);
            JsonNode hits = JSON.readTree(text(search));
            // BM25: "pittsburgh" and "carolina" are the same term in every language's analysis, and each is in p001 or
            // p004 of most of the 12 languages: far more than k = 3 documents match
            assertThat(hits).hasSize(3);
            for (JsonNode h : hits) {
                assertThat(h.fieldNames()).toIterable().containsExactly("docid", "score", "snippet");
                // 8 tokens: at most 8 words, and fewer characters than any document of the corpus
                assertThat(h.path("snippet").asText().split("\\s+").length).isLessThanOrEqualTo(8 + 2);
            }
            List<AgentCall> published = calls(runId);
            assertThat(published).hasSize(1);
            AgentCall call = published.get(0);
            assertThat(call.getTool()).isEqualTo("search");
            assertThat(call.getQueryId()).isEqualTo(queryId);
            assertThat(call.getCallIndex()).isZero();
            assertThat(JSON.readTree(call.getArgumentsJson()).path("query").asText()).isEqualTo("Pittsburgh Steelers and Carolina in the divisional round");
            List<String> returned = new ArrayList<>();
            hits.forEach(h -> returned.add(h.path("docid").asText()));
            assertThat(call.getDocidsList()).isEqualTo(returned);

            String docid = returned.get(0);
            JsonNode doc = JSON.readTree(text(client.callTool(new McpSchema.CallToolRequest("get_document", Map.of("docid", docid)))));
            assertThat(doc.path("docid").asText()).isEqualTo(docid);
            assertThat(doc.path("text").asText()).startsWith(hits.get(0).path("snippet").asText());
            assertThat(calls(runId)).extracting(AgentCall::getCallIndex).containsExactly(0, 1);
        }
        given().get("/api/agent-runs/" + runId).then().statusCode(200).body("calls", equalTo(2)).body("state", equalTo("OPEN"));
    }

    @Test
    void badInputIsRefusedClearlyAndRecordsNothing() throws Exception {
        String runId = open(5, 512);
        String queryId = firstQuestion(runId);
        // unknown session and unknown question: problem+json before any MCP handling
        given().contentType(ContentType.JSON).body("{}").post("/mcp/agent-nope/" + queryId).then().statusCode(404)
                .contentType("application/problem+json").body("detail", containsString("agent-nope"));
        given().contentType(ContentType.JSON).body("{}").post("/mcp/" + runId + "/no-such-question").then().statusCode(404)
                .body("detail", containsString("no-such-question"));
        given().contentType(ContentType.JSON).body(Map.of("queryId", queryId, "query", "x"))
                .post("/api/agent-runs/agent-nope/search").then().statusCode(404);
        try (McpSyncClient client = mcp(runId, queryId)) {
            McpSchema.CallToolResult empty = client.callTool(new McpSchema.CallToolRequest("search", Map.of("query", "  ")));
            assertThat(empty.isError()).isTrue();
            assertThat(text(empty)).contains("empty query");
            McpSchema.CallToolResult oversize = client.callTool(new McpSchema.CallToolRequest("search",
                    Map.of("query", "a".repeat(2001))));
            assertThat(oversize.isError()).isTrue();
            assertThat(text(oversize)).contains("2001 characters").contains("limit is 2000");
            McpSchema.CallToolResult unknown = client.callTool(new McpSchema.CallToolRequest("get_document",
                    Map.of("docid", "xx/p999")));
            assertThat(unknown.isError()).isTrue();
            assertThat(text(unknown)).contains("no document 'xx/p999'");
        }
        given().contentType(ContentType.JSON).body(Map.of("queryId", queryId, "query", ""))
                .post("/api/agent-runs/" + runId + "/search").then().statusCode(400).contentType("application/problem+json")
                .body("errors[0].field", equalTo("query"));
        given().get("/api/agent-runs/" + runId + "/documents/xx/p999?queryId=" + queryId).then().statusCode(404)
                .body("detail", containsString("xx/p999"));
        given().contentType(ContentType.JSON).body(Map.of("queryId", "no-such-question", "text", "Exact Answer: x"))
                .post("/api/agent-runs/" + runId + "/answers").then().statusCode(404);
        given().contentType(ContentType.JSON).body(Map.of("queryId", queryId, "text", "Exact Answer: x", "confidence", 140))
                .post("/api/agent-runs/" + runId + "/answers").then().statusCode(400).body("errors[0].field", equalTo("confidence"));
        assertThat(events(runId)).as("only the run's opening").extracting(AgentEvent::getKindCase)
                .containsExactly(AgentEvent.KindCase.OPENED);

        given().contentType(ContentType.JSON).body(Map.of("queryId", queryId, "text", "Exact Answer: x"))
                .post("/api/agent-runs/" + runId + "/answers").then().statusCode(201);
        given().contentType(ContentType.JSON).body(Map.of("queryId", queryId, "text", "Exact Answer: y"))
                .post("/api/agent-runs/" + runId + "/answers").then().statusCode(409);
        given().contentType(ContentType.JSON).body("{}").post("/api/agent-runs/" + runId + "/close").then().statusCode(200)
                .body("answers", equalTo(1)).body("state", equalTo("CLOSED"));
        given().contentType(ContentType.JSON).body(Map.of("queryId", queryId, "text", "Exact Answer: z"))
                .post("/api/agent-runs/" + runId + "/answers").then().statusCode(409).body("detail", containsString("closed"));
        given().contentType(ContentType.JSON).body(Map.of("queryId", queryId, "query", "q"))
                .post("/api/agent-runs/" + runId + "/search").then().statusCode(409);
        assertThat(events(runId)).extracting(AgentEvent::getKindCase).containsExactly(AgentEvent.KindCase.OPENED,
                AgentEvent.KindCase.ANSWER, AgentEvent.KindCase.CLOSED);
        assertThat(events(runId).get(2).getClosed().getAnswers()).isEqualTo(1);
    }

    @Test
    void openingValidatesEveryFieldBeforeStoringAnything() {
        given().contentType(ContentType.JSON).body(Map.of("task", "/no/such/task", "configuration", "x", "retriever", "nope(",
                        "k", 0, "snippetTokens", 0))
                .post("/api/agent-runs").then().statusCode(400).contentType("application/problem+json")
                .body("errors.field", org.hamcrest.Matchers.hasItems("k", "snippetTokens", "retriever", "task"));
        given().contentType(ContentType.JSON).body(Map.of("task", TASK.toString(), "configuration", "klingon", "retriever", "bm25"))
                .post("/api/agent-runs").then().statusCode(400).body("errors[0].field", equalTo("configuration"))
                .body("errors[0].message", containsString("multilingual"));
        // issue 45: an agent name of 100,000 characters was a 500 from its VARCHAR(200) column
        given().contentType(ContentType.JSON).body(Map.of("task", TASK.toString(), "configuration", "multilingual",
                        "retriever", "bm25", "agent", "a".repeat(100_000)))
                .post("/api/agent-runs").then().statusCode(400).body("errors[0].field", equalTo("agent"))
                .body("errors[0].message", equalTo("must be at most 200 characters, was 100000"));
    }

    @Test
    void aRunMayNameTheJudgeTheEvalServiceAsksBeforeReporting() {
        String runId = given().contentType(ContentType.JSON).body(Map.of("task", TASK.toString(), "configuration", "multilingual",
                        "retriever", "bm25", "bootstrap", 0, "judge", "judge-m1", "judgePrompt", "bcp"))
                .post("/api/agent-runs").then().statusCode(201).extract().path("id");
        AgentRunOpened opened = events(runId).stream().filter(AgentEvent::hasOpened).map(AgentEvent::getOpened).findFirst().orElseThrow();
        assertThat(opened.getJudge()).isEqualTo("judge-m1");
        assertThat(opened.getJudgePrompt()).isEqualTo("bcp");
        String plain = open(3, 8);
        AgentRunOpened none = events(plain).stream().filter(AgentEvent::hasOpened).map(AgentEvent::getOpened).findFirst().orElseThrow();
        assertThat(none.getJudge()).isEmpty();
        given().contentType(ContentType.JSON).body(Map.of("task", TASK.toString(), "configuration", "multilingual",
                        "retriever", "bm25", "judge", "judge-m1", "judgePrompt", "http://evil/prompt"))
                .post("/api/agent-runs").then().statusCode(400).body("errors[0].field", equalTo("judgePrompt"))
                .body("errors[0].message", equalTo("must be xbcp or bcp"));
    }

    private static List<AgentCall> calls(String runId) {
        return events(runId).stream().filter(AgentEvent::hasCall).map(AgentEvent::getCall).toList();
    }

    /** Every AgentEvent of the run on agent-calls.v1, from the start of the topic (also used by {@link McpInputTest}). */
    static List<AgentEvent> events(String runId) {
        Properties props = new Properties();
        props.put("bootstrap.servers", ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class));
        props.putAll(KafkaClientSecurity.properties());
        List<AgentEvent> out = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(props, new StringDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor("agent-calls.v1").stream()
                    .map(p -> new TopicPartition("agent-calls.v1", p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            while (partitions.stream().anyMatch(p -> consumer.position(p) < end.get(p))) {
                for (ConsumerRecord<String, byte[]> r : consumer.poll(Duration.ofMillis(200))) {
                    if (runId.equals(r.key())) {
                        try {
                            out.add(AgentEvent.parseFrom(r.value()));
                        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
                            throw new AssertionError(e);
                        }
                    }
                }
            }
        }
        return out;
    }
}
