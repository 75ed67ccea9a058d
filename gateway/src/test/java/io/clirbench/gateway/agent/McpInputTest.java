package io.clirbench.gateway.agent;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.agent.v1.AgentEvent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * Issue 28 finding 6 on the real MCP endpoint ({@code /mcp/RUN/QUERY}): every message of {@link McpHostileMessages}
 * gets its JSON-RPC error (code, a message naming the field, {@code data.field}) and leaves the run's call count and
 * its events unchanged; a good call afterwards does count (so the count can move). JSON-RPC ids that are null or
 * fractional are allowed by JSON-RPC 2.0 and come back as sent; {@code notifications/initialized} is accepted silently.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class McpInputTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path TASK = Path.of(System.getProperty("project.root", "..")).resolve("datasets/xquad-agentic")
            .toAbsolutePath().normalize();

    private static String openRun() {
        return given().body(Map.of("task", TASK.toString(), "configuration", "multilingual", "retriever", "bm25",
                "k", 3, "bootstrap", 0)).post("/api/agent-runs").then().statusCode(201).extract().path("id");
    }

    private static String firstQuestion(String runId) {
        return given().get("/api/agent-runs/" + runId + "?questions=true").then().statusCode(200)
                .extract().path("questions[0].queryId");
    }

    private static Response post(String runId, String queryId, String body) {
        return given().contentType(ContentType.JSON).body(body).post("/mcp/" + runId + "/" + queryId);
    }

    private static int calls(String runId) {
        return given().get("/api/agent-runs/" + runId).then().statusCode(200).extract().path("calls");
    }

    @Test
    void everyHostileMessageIsRefusedWithItsJsonRpcErrorAndRecordsNothing() throws Exception {
        String runId = openRun();
        String queryId = firstQuestion(runId);
        SoftAssertions soft = new SoftAssertions();
        for (McpHostileMessages.Case c : McpHostileMessages.all()) {
            Response r = post(runId, queryId, c.body());
            String body = r.asString();
            soft.assertThat(r.statusCode()).as(c.name() + ": HTTP status; " + body).isEqualTo(c.status());
            soft.assertThat(r.contentType()).as(c.name() + ": content type").startsWith("application/json");
            JsonNode json = JSON.readTree(body.isEmpty() ? "{}" : body);
            soft.assertThat(json.path("jsonrpc").asText()).as(c.name() + ": jsonrpc").isEqualTo("2.0");
            soft.assertThat(json.path("error").path("code").asInt()).as(c.name() + ": code; " + body).isEqualTo(c.code());
            String message = json.path("error").path("message").asText();
            if (c.field() != null) {
                soft.assertThat(json.path("error").path("data").path("field").asText()).as(c.name() + ": data.field; " + body)
                        .isEqualTo(c.field());
                soft.assertThat(message).as(c.name() + ": the message names the field").contains(c.field());
            } else {
                soft.assertThat(message).as(c.name() + ": a message").isNotBlank();
            }
            // JSON-RPC 2.0 section 5: the id is the request's, or null where it could not be read
            JsonNode id = json.path("id");
            if (c.status() == 200) {
                soft.assertThat(id.asInt()).as(c.name() + ": the request's id").isEqualTo(1);
            } else if ("id".equals(c.field()) || c.code() == -32700 || c.field() == null) {
                soft.assertThat(id.isNull()).as(c.name() + ": id null; " + body).isTrue();
            }
            soft.assertThat(body).as(c.name() + ": no stack trace").doesNotContain("Exception", "\tat ");
        }
        soft.assertAll();
        assertThat(calls(runId)).as("calls counted after the refused messages").isZero();
        assertThat(AgentRunFlowTest.events(runId)).as("events: only the run's opening").extracting(AgentEvent::getKindCase)
                .containsExactly(AgentEvent.KindCase.OPENED);

        Response good = post(runId, queryId, "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":"
                + "{\"name\":\"search\",\"arguments\":{\"query\":\"the Broncos\"}}}");
        assertThat(good.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(good.asString()).path("result").path("isError").asBoolean(false)).as(good.asString()).isFalse();
        assertThat(calls(runId)).as("a good call counts").isEqualTo(1);
    }

    @Test
    void nullAndFractionalIdsComeBackAsSent() throws Exception {
        String runId = openRun();
        String queryId = firstQuestion(runId);
        for (String id : List.of("null", "1.5", "\"a-string\"", "12345678901234567890123")) {
            Response r = post(runId, queryId, "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/list\"}");
            JsonNode json = JSON.readTree(r.asString());
            assertThat(r.statusCode()).as(r.asString()).isEqualTo(200);
            assertThat(json.path("id")).as("id " + id).isEqualTo(JSON.readTree(id));
            assertThat(json.path("result").path("tools")).as(r.asString()).hasSize(2);
        }
    }

    @Test
    void theInitializedNotificationIsAcceptedWithoutAWarning() {
        String runId = openRun();
        String queryId = firstQuestion(runId);
        List<LogRecord> records = new CopyOnWriteArrayList<>();
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
        try {
            Response r = post(runId, queryId, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
            assertThat(r.statusCode()).isEqualTo(202);
            assertThat(r.asString()).isEmpty();
        } finally {
            sdk.removeHandler(capture);
        }
        assertThat(records).extracting(LogRecord::getMessage).as("log records of the MCP SDK")
                .noneMatch(m -> m != null && m.contains("Missing handler"));
    }
}
