package io.clirbench.gateway.agent;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.gateway.TestAuth;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.agent.v1.AgentEvent;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The platform side of a task in the exact ARCHITECTURE.md layout (bench-core's fixture: family-level qrels, only
 * {@code lang_assignment.json} + {@code query_lang_assignment.json}, no {@code configuration.json}): the gateway opens a
 * run on it and the MCP Java SDK's real client searches the configured corpus, which holds the assigned version of
 * each family; and a whole MCP session (initialize, which sends {@code notifications/initialized}, list, call, close)
 * makes the SDK log no "Missing handler" line.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class AgentLayoutMcpTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path FIXTURE = Path.of(System.getProperty("project.root", ".."))
            .resolve("bench-core/src/test/resources/agentic/architecture-layout").toAbsolutePath().normalize();

    @TestHTTPResource("/")
    URL base;

    /** A copy of the fixture under target/ (a dataset root of the test profile). */
    private static Path task() throws IOException {
        Path dir = Path.of("target", "layout-task-" + UUID.randomUUID()).toAbsolutePath();
        try (Stream<Path> s = Files.walk(FIXTURE)) {
            for (Path p : s.sorted().toList()) {
                Path to = dir.resolve(FIXTURE.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        return dir;
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

    @Test
    void aRunOnTheDocumentedLayoutSearchesTheAssignedVersionsWithoutAnSdkWarning() throws Exception {
        String runId = given().contentType(ContentType.JSON).body(Map.of("task", task().toString(), "configuration", "cross-lingual",
                        "retriever", "bm25", "k", 5, "snippetTokens", 8, "bootstrap", 0))
                .post("/api/agent-runs").then().statusCode(201).extract().path("id");
        List<LogRecord> records = new ArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord record) {
                records.add(record);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        capture.setLevel(Level.ALL);
        Logger sdk = Logger.getLogger("io.modelcontextprotocol");
        sdk.addHandler(capture);
        List<String> returned = new ArrayList<>();
        try (McpSyncClient client = mcp(runId, "q1")) {
            McpSchema.CallToolResult r = client.callTool(new McpSchema.CallToolRequest("search", Map.of("query", "capital of France")));
            assertThat(r.isError()).isNotEqualTo(Boolean.TRUE);
            for (JsonNode h : JSON.readTree(((McpSchema.TextContent) r.content().get(0)).text())) {
                returned.add(h.path("docid").asText());
            }
        } finally {
            sdk.removeHandler(capture);
        }
        assertThat(records).extracting(LogRecord::getMessage).as("log records of the MCP SDK")
                .noneMatch(m -> m != null && m.contains("Missing handler"));
        // cross-lingual (lang_assignment.json: en/p0 de, en/p1 ar, en/p2 de, en/p3 ar): the configured corpus is the
        // negative en/n0 and de/p0, ar/p1, de/p2, ar/p3; no other version of a family is in it
        assertThat(returned).isNotEmpty().first().isEqualTo("de/p0");
        assertThat(returned).isSubsetOf("en/n0", "de/p0", "ar/p1", "de/p2", "ar/p3");
        assertThat(AgentRunFlowTest.events(runId)).extracting(AgentEvent::getKindCase)
                .containsExactly(AgentEvent.KindCase.OPENED, AgentEvent.KindCase.CALL);
    }
}
