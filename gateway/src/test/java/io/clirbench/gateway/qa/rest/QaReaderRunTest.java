package io.clirbench.gateway.qa.rest;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.gateway.qa.TestQaDatasets;
import io.clirbench.service.rest.ProblemMapper;
import io.clirbench.gateway.run.RunEndpoints;
import io.clirbench.gateway.run.TestRuns;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.qa.v1.QaEvent;
import io.clirbench.proto.qa.v1.QaPrediction;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The reader of a QA run is chosen by name from the gateway's configuration (issue 28, finding 3): a URL in the
 * request is refused (400 naming {@code reader}, nothing stored, nothing sent to it); the named readers and
 * {@code configured} (the {@code qa.reader.*} properties) answer through the real pipeline; a reader that answers an
 * error fails the run with its name and status, never its body nor a Java class name. The reader endpoints are
 * {@link PeersResource}'s chat-completions stand-ins ({@code canned}, {@code failing}), which count their requests.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class QaReaderRunTest {

    private static List<QaInstance> sample;

    Map<String, AtomicInteger> peerCounts;

    @BeforeAll
    static void sample() {
        sample = TestQaDatasets.sample(1);
    }

    private static String register(String id) throws Exception {
        return given().contentType(ContentType.JSON).body(Map.of("path", TestQaDatasets.write(id, sample).toString()))
                .post("/api/qa-datasets").then().statusCode(201).extract().path("id");
    }

    private static Map<String, Object> run(String dataset, String reader) {
        return Map.of("dataset", dataset, "systems", List.of("select:lexical"), "bootstrap", 0, "reader", reader);
    }

    @Test
    void aReaderUrlInTheRequestIsRefusedAndNothingIsStoredOrSent() throws Exception {
        String dataset = register("qa-reader-url");
        int before = total();
        int eventsBefore = TestRuns.consume("qa-predictions.v1").size();
        String evalService = ConfigProvider.getConfig().getValue("gateway.eval.url", String.class) + "/api/runs";
        try (ChatCompletionsServer target = ChatCompletionsServer.start((n, request) -> ChatCompletionsServer.Reply.ok("x", 1, 1))) {
            for (String url : List.of(target.baseUrl().toString(), evalService, "http://127.0.0.1:8083/api/runs")) {
                given().contentType(ContentType.JSON).body(run(dataset, url)).post("/api/qa-runs").then().statusCode(400)
                        .contentType(ProblemMapper.PROBLEM_JSON).body("errors.field", hasItem("reader"))
                        .body("errors.value", hasItem(url))
                        .body("errors.find { it.field == 'reader' }.message", containsString("canned"))
                        .body("detail", not(containsString(PeersResource.READER_ERROR_BODY)));
            }
            assertThat(target.requests()).as("no request sent to the URL of the request").isZero();
        }
        given().contentType(ContentType.JSON).body(run(dataset, "no-such-reader")).post("/api/qa-runs").then().statusCode(400)
                .contentType(ProblemMapper.PROBLEM_JSON).body("errors[0].field", equalTo("reader"))
                .body("errors[0].value", equalTo("no-such-reader"));
        assertThat(total()).as("no QA run stored").isEqualTo(before);
        assertThat(TestRuns.consume("qa-predictions.v1")).as("nothing published").hasSize(eventsBefore);
    }

    @Test
    void aNamedReaderAndTheConfiguredOneAnswerEveryInstance() throws Exception {
        String dataset = register("qa-reader-named");
        for (String reader : List.of("canned", "configured")) {
            int requestsBefore = peerCounts.get(PeersResource.readerRequests("canned")).get();
            String id = given().contentType(ContentType.JSON).body(run(dataset, reader)).post("/api/qa-runs").then().statusCode(202)
                    .extract().path("id");
            TestRuns.await("/api/qa-runs/", id, "COMPLETED", r -> "COMPLETED".equals(r.getString("state")));
            List<QaPrediction> predictions = predictions(id);
            assertThat(predictions).hasSize(sample.size()).allMatch(p -> p.getAnswer().equals(PeersResource.READER_ANSWER));
            assertThat(peerCounts.get(PeersResource.readerRequests("canned")).get() - requestsBefore).as(reader)
                    .isEqualTo(sample.size());
        }
    }

    @Test
    void aReaderAnsweringAnErrorFailsTheRunWithItsNameAndStatusNeverItsBody() throws Exception {
        String dataset = register("qa-reader-failing");
        String id = given().contentType(ContentType.JSON).body(run(dataset, "failing")).post("/api/qa-runs").then().statusCode(202)
                .extract().path("id");
        JsonPath end = TestRuns.await("/api/qa-runs/", id, "FAILED", r -> "FAILED".equals(r.getString("state")));
        String message = end.getString("message");
        assertThat(peerCounts.get(PeersResource.readerRequests("failing")).get()).as("the reader was asked").isPositive();
        assertThat(message).contains("reader 'failing'").contains("HTTP 500")
                .doesNotContain("leaked-reader-body-7f3a").doesNotContain("internal trace").doesNotContain("127.0.0.1")
                .doesNotContainPattern("Exception|java\\.|io\\.clirbench|\\b[a-z]+\\.[a-z]+\\.[A-Z]\\w+");
        String page = given().get("/api/qa-runs/" + id).then().statusCode(200).extract().asString();
        assertThat(page).doesNotContain("leaked-reader-body-7f3a");
    }

    private static int total() {
        return Integer.parseInt(given().get("/api/qa-runs?limit=1").then().statusCode(200).extract().header(RunEndpoints.TOTAL_COUNT));
    }

    private static List<QaPrediction> predictions(String runId) throws Exception {
        List<QaPrediction> out = new ArrayList<>();
        for (ConsumerRecord<String, byte[]> r : TestRuns.consume("qa-predictions.v1")) {
            if (r.key().equals(runId)) {
                QaEvent e = QaEvent.parseFrom(r.value());
                if (e.hasPrediction()) {
                    out.add(e.getPrediction());
                }
            }
        }
        return out;
    }
}
