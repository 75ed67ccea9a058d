package io.clirbench.gateway.qa;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.startsWith;

import com.google.protobuf.InvalidProtocolBufferException;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.gateway.peers.FakeEmbedder;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.service.rest.ProblemMapper;
import io.clirbench.gateway.run.RunEndpoints;
import io.clirbench.gateway.run.TestRuns;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.qa.v1.QaEvent;
import io.clirbench.proto.qa.v1.QaPrediction;
import io.clirbench.proto.qa.v1.QaRunCompleted;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The QA REST endpoints against the real in-process Kafka broker: submit (202, Location, persisted QUEUED), get, list
 * (pages with X-Total-Count), SSE, cancel, and bad requests as problem+json that store nothing. The eval-service is
 * the peers' minimal one (every run COMPLETED); embedders are the peers' gRPC servers ({@code slow-model}: 2 s an Embed).
 * Expected counts come from the sample's instances as bench-core reads them from the dataset file.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class QaRunResourceTest {

    private static List<QaInstance> sample;

    @BeforeAll
    static void sample() {
        sample = TestQaDatasets.sample(1);
    }

    private static String register(String id) throws Exception {
        return given().contentType(ContentType.JSON).body(Map.of("path", TestQaDatasets.write(id, sample).toString()))
                .post("/api/qa-datasets").then().statusCode(201).body("id", equalTo(id)).body("instances", equalTo(sample.size()))
                .extract().path("id");
    }

    private static String submit(String dataset, List<String> systems) {
        Response r = given().contentType(ContentType.JSON).body(Map.of("dataset", dataset, "systems", systems, "bootstrap", 0))
                .post("/api/qa-runs").then().statusCode(202).body("state", equalTo("QUEUED"))
                .body("retrievers.id", equalTo(systems)).extract().response();
        String id = r.path("id");
        assertThat(r.header("Location")).endsWith("/api/qa-runs/" + id);
        return id;
    }

    @Test
    void aLexicalRunIsFollowedListedStreamedAndPublishesOnePredictionPerInstance() throws Exception {
        String dataset = register("qa-rest-lexical");
        String id = submit(dataset, List.of("select:lexical"));
        JsonPath end = await(id, "COMPLETED", run -> "COMPLETED".equals(run.getString("state")));
        assertThat(end.getInt("retrievers[0].queries")).isEqualTo(sample.size());
        assertThat(end.getInt("retrievers[0].queriesPublished")).isEqualTo(sample.size());
        assertThat(end.getString("evaluation.url")).endsWith("/api/qa-runs/" + id + "/report");

        List<QaEvent> events = events(id);
        assertThat(events.get(0).hasStarted()).isTrue();
        assertThat(events.get(0).getStarted().getExpectedInstances()).isEqualTo(sample.size());
        List<QaPrediction> predictions = events.stream().filter(QaEvent::hasPrediction).map(QaEvent::getPrediction).toList();
        assertThat(predictions).extracting(QaPrediction::getInstanceId)
                .containsExactlyInAnyOrderElementsOf(sample.stream().map(QaInstance::id).toList());
        assertThat(predictions).allMatch(p -> p.getSystem().equals("select:lexical") && p.getSupportingFactsCount() > 0);
        QaEvent last = events.get(events.size() - 1);
        assertThat(last.getCompleted().getOutcome()).isEqualTo(QaRunCompleted.Outcome.SUCCEEDED);
        assertThat(last.getCompleted().getPublishedMap()).isEqualTo(Map.of("select:lexical", sample.size()));

        given().get("/api/qa-runs/" + id).then().statusCode(200).body("state", equalTo("COMPLETED")).body("dataset", equalTo(dataset));
        Response all = given().get("/api/qa-runs?limit=1000").then().statusCode(200).body("id", hasItem(id)).extract().response();
        int total = Integer.parseInt(all.header(RunEndpoints.TOTAL_COUNT));
        assertThat(all.jsonPath().getList("id")).hasSize(total);
        if (total > 1) {
            assertThat(given().get("/api/qa-runs?limit=1").then().statusCode(200).extract().header("Link"))
                    .isEqualTo("</api/qa-runs?limit=1&offset=1>; rel=\"next\"");
        }
        // a finished run's stream: its last progress, then 'end' with the state
        given().get("/api/qa-runs/" + id + "/events").then().statusCode(200).contentType(startsWith("text/event-stream"))
                .body(containsString("progress")).body(containsString("\"state\":\"COMPLETED\"")).body(containsString("end"));
        given().post("/api/qa-runs/" + id + "/cancel").then().statusCode(409).contentType(ProblemMapper.PROBLEM_JSON)
                .body("detail", containsString("is COMPLETED"));
    }

    @Test
    void cancellingARunningRunStopsItAndPublishesQaRunCompletedCancelled() throws Exception {
        String dataset = register("qa-rest-cancel");
        String id = submit(dataset, List.of("select:slow-model"));
        await(id, "embedding with slow-model", run -> "RUNNING".equals(run.getString("retrievers[0].state"))
                && run.getInt("retrievers[0].documentsEmbedded") < run.getInt("retrievers[0].documents"));
        given().post("/api/qa-runs/" + id + "/cancel").then().statusCode(200).body("id", equalTo(id));
        JsonPath end = await(id, "CANCELLED", run -> "CANCELLED".equals(run.getString("state")));
        assertThat(end.getString("message")).startsWith("cancelled by request during system 'select:slow-model'");
        TestRuns.sleep(FakeEmbedder.SLOW_MILLIS + 500);
        List<QaEvent> events = events(id);
        assertThat(events).noneMatch(QaEvent::hasPrediction);
        assertThat(events).hasSize(2);
        assertThat(events.get(1).getCompleted().getOutcome()).isEqualTo(QaRunCompleted.Outcome.CANCELLED);
        assertThat(events.get(1).getCompleted().getMessage()).isEqualTo(end.getString("message"));
        given().post("/api/qa-runs/" + id + "/cancel").then().statusCode(409).contentType(ProblemMapper.PROBLEM_JSON)
                .body("status", equalTo(409)).body("detail", containsString("is CANCELLED"));
    }

    @Test
    void badRequestsAreProblemJsonNamingEachValueAndStoreNothing() throws Exception {
        String dataset = register("qa-rest-bad");
        int before = total();
        int eventsBefore = TestRuns.consume("qa-predictions.v1").size();

        Map<String, Object> everythingWrong = new HashMap<>();
        everythingWrong.put("dataset", "no-such-qa-dataset");
        everythingWrong.put("systems", List.of("select:no-such-model", "bogus", "select:lexical", "select:lexical"));
        everythingWrong.put("protocol", "klingon");
        everythingWrong.put("bootstrap", -1);
        everythingWrong.put("evidence", "rumour");
        everythingWrong.put("reader", "ftp://reader");
        given().contentType(ContentType.JSON).body(everythingWrong).post("/api/qa-runs").then().statusCode(400)
                .contentType(ProblemMapper.PROBLEM_JSON).body("status", equalTo(400))
                .body("errors.field", hasItems("dataset", "systems[0]", "systems[1]", "systems[3]", "protocol", "bootstrap",
                        "evidence", "reader"))
                .body("errors.value", hasItems("no-such-qa-dataset", "select:no-such-model", "bogus", "klingon", "-1", "rumour",
                        "ftp://reader"))
                .body("detail", containsString("systems[3] 'select:lexical': named twice"));
        given().contentType(ContentType.JSON).body(Map.of("dataset", dataset, "systems", List.of())).post("/api/qa-runs").then()
                .statusCode(400).contentType(ProblemMapper.PROBLEM_JSON).body("errors.field", hasItem("systems"));
        given().contentType(ContentType.JSON).body("{\"dataset\": ").post("/api/qa-runs").then().statusCode(400)
                .contentType(ProblemMapper.PROBLEM_JSON);
        given().get("/api/qa-runs?limit=0&offset=-1").then().statusCode(400).contentType(ProblemMapper.PROBLEM_JSON)
                .body("errors.field", hasItems("limit", "offset")).body("errors.value", hasItems("0", "-1"));
        given().get("/api/qa-runs/no-such-run").then().statusCode(404).contentType(ProblemMapper.PROBLEM_JSON)
                .body("detail", containsString("no QA run 'no-such-run'"));
        given().post("/api/qa-runs/no-such-run/cancel").then().statusCode(404).contentType(ProblemMapper.PROBLEM_JSON);
        given().get("/api/qa-runs/no-such-run/events").then().statusCode(404).contentType(ProblemMapper.PROBLEM_JSON);

        assertThat(total()).as("no QA run stored").isEqualTo(before);
        assertThat(TestRuns.consume("qa-predictions.v1")).as("nothing published").hasSize(eventsBefore);

        // a known run: an unknown file or system is a 400 naming it
        String id = submit(dataset, List.of("select:lexical"));
        await(id, "COMPLETED", run -> "COMPLETED".equals(run.getString("state")));
        given().get("/api/qa-runs/" + id + "/files/secrets.txt").then().statusCode(400).contentType(ProblemMapper.PROBLEM_JSON)
                .body("errors[0].field", equalTo("name")).body("errors[0].value", equalTo("secrets.txt"));
        given().get("/api/qa-runs/" + id + "/predictions?system=select:other").then().statusCode(400)
                .contentType(ProblemMapper.PROBLEM_JSON).body("errors[0].field", equalTo("system"))
                .body("errors[0].value", equalTo("select:other")).body("errors[0].message", containsString("select:lexical"));
    }

    private static int total() {
        return Integer.parseInt(given().get("/api/qa-runs?limit=1").then().statusCode(200).extract().header(RunEndpoints.TOTAL_COUNT));
    }

    /** Polls the QA run until {@code done} holds; fails on another terminal state or after 60 s. */
    private static JsonPath await(String id, String what, Predicate<JsonPath> done) {
        return TestRuns.await("/api/qa-runs/", id, what, done);
    }

    /** The run's events on qa-predictions.v1, in order (one partition per key). */
    private static List<QaEvent> events(String runId) {
        List<QaEvent> out = new ArrayList<>();
        for (ConsumerRecord<String, byte[]> r : TestRuns.consume("qa-predictions.v1")) {
            if (r.key().equals(runId)) {
                try {
                    out.add(QaEvent.parseFrom(r.value()));
                } catch (InvalidProtocolBufferException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return out;
    }
}
