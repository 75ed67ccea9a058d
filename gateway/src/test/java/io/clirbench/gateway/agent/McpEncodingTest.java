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
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/**
 * Issue 45 on the real MCP endpoint: a message whose text is no Unicode text (bytes that are not UTF-8, a lone
 * surrogate escape) is a JSON-RPC parse error (-32700, HTTP 400, id null: the message cannot be read, so neither can its
 * id), naming where the bad text is, and no call is recorded; an id beyond the range of a double ({@code 1e400}, which
 * reads as Infinity) is an invalid request (-32600, id null) rather than answered with the id {@code "Infinity"}.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class McpEncodingTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path TASK = Path.of(System.getProperty("project.root", "..")).resolve("datasets/xquad-agentic")
            .toAbsolutePath().normalize();
    private static final String SEARCH_BEFORE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":"
            + "{\"name\":\"search\",\"arguments\":{\"query\":\"Broncos ";
    private static final String SEARCH_AFTER = "\"}}}";

    private record Case(String name, byte[] body, String field) {
    }

    private static byte[] search(byte... inQuery) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(SEARCH_BEFORE.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(inQuery);
        out.writeBytes(SEARCH_AFTER.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static String openRun() {
        return given().body(Map.of("task", TASK.toString(), "configuration", "multilingual", "retriever", "bm25",
                "k", 3, "bootstrap", 0)).post("/api/agent-runs").then().statusCode(201).extract().path("id");
    }

    private static Response post(String runId, String queryId, byte[] body) {
        return given().contentType(ContentType.JSON).body(body).post("/mcp/" + runId + "/" + queryId);
    }

    private static int calls(String runId) {
        return given().get("/api/agent-runs/" + runId).then().statusCode(200).extract().path("calls");
    }

    @Test
    void bytesThatAreNotUtf8AndLoneSurrogatesAreAParseErrorAndRecordNothing() throws Exception {
        String runId = openRun();
        String queryId = given().get("/api/agent-runs/" + runId + "?questions=true").then().statusCode(200)
                .extract().path("questions[0].queryId");
        Case[] cases = {
            new Case("overlong slash C0 AF", search((byte) 0xC0, (byte) 0xAF), null),
            new Case("an encoded surrogate ED A0 80", search((byte) 0xED, (byte) 0xA0, (byte) 0x80), null),
            new Case("a Latin-1 byte E9", search((byte) 0xE9), null),
            new Case("a lone high surrogate escape", utf8(SEARCH_BEFORE + "\\ud800" + SEARCH_AFTER), "params.arguments.query"),
            new Case("a lone low surrogate escape", utf8(SEARCH_BEFORE + "\\udc00x" + SEARCH_AFTER), "params.arguments.query"),
            new Case("a surrogate pair reversed", utf8(SEARCH_BEFORE + "\\ude00\\ud83d" + SEARCH_AFTER), "params.arguments.query"),
            new Case("a lone surrogate in the method", utf8("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\\ud800\"}"),
                    "method"),
        };
        SoftAssertions soft = new SoftAssertions();
        for (Case c : cases) {
            Response r = post(runId, queryId, c.body());
            String body = r.asString();
            soft.assertThat(r.statusCode()).as(c.name() + ": HTTP status; " + body).isEqualTo(400);
            JsonNode json = JSON.readTree(body.isEmpty() ? "{}" : body);
            soft.assertThat(json.path("error").path("code").asInt()).as(c.name() + ": code; " + body).isEqualTo(-32700);
            soft.assertThat(json.path("id").isNull()).as(c.name() + ": id null; " + body).isTrue();
            String message = json.path("error").path("message").asText();
            if (c.field() == null) {
                soft.assertThat(message).as(c.name() + ": says the body is not UTF-8; " + body).contains("not UTF-8");
            } else {
                soft.assertThat(json.path("error").path("data").path("field").asText()).as(c.name() + ": data.field; " + body)
                        .isEqualTo(c.field());
                soft.assertThat(message).as(c.name() + ": names the field and the surrogate").contains(c.field(), "surrogate");
            }
        }
        soft.assertAll();
        assertThat(calls(runId)).as("calls counted after the refused messages").isZero();
        assertThat(AgentRunFlowTest.events(runId)).as("events: only the run's opening").extracting(AgentEvent::getKindCase)
                .containsExactly(AgentEvent.KindCase.OPENED);

        // a surrogate pair (an emoji, escaped or as UTF-8 bytes) is text: the call runs and counts
        for (String emoji : new String[] {"\\ud83d\\ude00", "\uD83D\uDE00"}) {
            Response good = post(runId, queryId, utf8(SEARCH_BEFORE + emoji + SEARCH_AFTER));
            assertThat(good.statusCode()).as(good.asString()).isEqualTo(200);
            assertThat(JSON.readTree(good.asString()).path("result").path("isError").asBoolean(false)).as(good.asString()).isFalse();
        }
        assertThat(calls(runId)).as("the good calls count").isEqualTo(2);
    }

    @Test
    void anIdBeyondTheRangeOfADoubleIsAnInvalidRequestWithIdNull() throws Exception {
        String runId = openRun();
        String queryId = given().get("/api/agent-runs/" + runId + "?questions=true").then().statusCode(200)
                .extract().path("questions[0].queryId");
        for (String id : new String[] {"1e400", "-1e400", "1" + "0".repeat(400)}) {
            Response r = post(runId, queryId, utf8("{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/list\"}"));
            JsonNode json = JSON.readTree(r.asString());
            assertThat(r.statusCode()).as(id.length() > 12 ? "a 401-digit id" : id + ": " + r.asString()).isEqualTo(400);
            assertThat(json.path("error").path("code").asInt()).as(r.asString()).isEqualTo(-32600);
            assertThat(json.path("error").path("data").path("field").asText()).isEqualTo("id");
            assertThat(json.path("id").isNull()).as(r.asString()).isTrue();
        }
        // the largest double is still an id, and comes back as sent
        Response max = post(runId, queryId, utf8("{\"jsonrpc\":\"2.0\",\"id\":1.7976931348623157e308,\"method\":\"tools/list\"}"));
        assertThat(max.statusCode()).as(max.asString()).isEqualTo(200);
        assertThat(JSON.readTree(max.asString()).path("id").doubleValue()).isEqualTo(Double.MAX_VALUE);
    }
}
