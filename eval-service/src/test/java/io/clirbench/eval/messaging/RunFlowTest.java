package io.clirbench.eval.messaging;

import static io.clirbench.eval.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.clirbench.core.format.trec.TrecRunReader;
import io.clirbench.core.run.RankedList;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;

/** A whole run through Kafka: the stored report equals the one bench eval computes from the same lists. */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class RunFlowTest {

    private final EvalFixture fixture = EvalFixture.get();

    @Test
    void completedRunHasTheReportOfBenchEvalAndServesItsFiles() throws Exception {
        String runId = "flow-" + UUID.randomUUID();
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(fixture.started(runId)));
            for (QueryResult result : fixture.results(runId)) {
                TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
            }
            TestKafka.send(producer, "runs.v1", runId, fixture.completed(runId));
        }
        JsonPath run = TestKafka.awaitState(runId, "COMPLETED", "FAILED");
        int queries = fixture.dataset.queries().size();
        assertThat(run.getString("state")).as(run.prettify()).isEqualTo("COMPLETED");
        assertThat(run.getString("datasetId")).isEqualTo(fixture.dataset.info().id());
        assertThat(run.getInt("depth")).isEqualTo(EvalFixture.DEPTH);
        assertThat(run.getList("retrievers.id")).containsExactlyElementsOf(EvalFixture.RETRIEVERS);
        assertThat(run.getList("retrievers.received", Integer.class)).containsExactly(queries, queries);
        assertThat(run.getList("retrievers.expected", Integer.class)).containsExactly(queries, queries);
        assertThat(run.getList("retrievers.published", Integer.class)).containsExactly(queries, queries);
        assertThat(run.getLong("evaluationMillis")).isNotNull();

        String report = given().get("/api/runs/" + runId + "/report").then().statusCode(200)
                .contentType(containsString("application/json")).extract().asString();
        assertThat(EvalFixture.withoutFiles(report)).isEqualTo(EvalFixture.withoutFiles(fixture.expectedReportJson));
        assertThat(report).contains("\"file\" : \"run " + runId + " retriever bm25\"");

        given().get("/api/runs/" + runId + "/files/report.md").then().statusCode(200)
                .contentType(containsString("text/markdown")).body(containsString("bm25"));
        given().get("/api/runs/" + runId + "/files/summary.csv").then().statusCode(200).contentType(containsString("text/csv"));
        given().get("/api/runs/" + runId + "/files/nothing.txt").then().statusCode(404)
                .contentType(containsString("application/problem+json")).body("detail", containsString("nothing.txt"));
        given().get("/api/runs").then().statusCode(200).body("runId", org.hamcrest.Matchers.hasItem(runId));

        assertTrecExportReproducesTheReport(runId);
        assertPerQueryValues(runId);
    }

    /** GET /trec per retriever, written to files and evaluated the bench eval way, gives the same report. */
    private void assertTrecExportReproducesTheReport(String runId) throws Exception {
        Path dir = Files.createDirectories(Path.of("target", "eval-fixture", "export-" + runId));
        Map<String, List<RankedList>> exported = new LinkedHashMap<>();
        for (String retriever : EvalFixture.RETRIEVERS) {
            String trec = given().queryParam("retriever", retriever).get("/api/runs/" + runId + "/trec")
                    .then().statusCode(200).contentType(containsString("text/plain")).extract().asString();
            Path file = dir.resolve(retriever.replace('/', '_') + ".trec");
            Files.writeString(file, trec);
            assertThat(trec.lines().findFirst().orElseThrow()).endsWith(" " + retriever).contains(" Q0 ").contains(" 1 ");
            List<RankedList> lists = new ArrayList<>();
            new TrecRunReader(file).forEachQuery(lists::add);
            exported.put(retriever, lists);
        }
        String fromExport = fixture.benchEval(dir.resolve("eval"), exported, new LinkedHashMap<>());
        assertThat(EvalFixture.withoutFiles(fromExport)).isEqualTo(EvalFixture.withoutFiles(fixture.expectedReportJson));
    }

    /** The values stored on arrival equal bench eval's per-query values from the run file. */
    private void assertPerQueryValues(String runId) throws Exception {
        String retriever = EvalFixture.RETRIEVERS.get(0);
        String queryId = fixture.dataset.queries().get(3).id();
        String body = given().get("/api/runs/" + runId + "/retrievers/" + retriever + "/queries/" + queryId)
                .then().statusCode(200).extract().asString();
        JsonPath query = JsonPath.from(body);
        var values = new com.fasterxml.jackson.databind.ObjectMapper().readTree(body).get("values");
        var standard = fixture.expectedEvaluations.get(retriever).report().standard();
        double[] expected = standard.perQuery().get(queryId);
        for (int i = 0; i < expected.length; i++) {
            assertThat(values.get(standard.measureNames().get(i)).asDouble())
                    .as(standard.measureNames().get(i)).isCloseTo(expected[i], org.assertj.core.data.Offset.offset(1e-12));
        }
        assertThat(query.getList("hits")).hasSize(EvalFixture.DEPTH);
        assertThat(query.getInt("hits[0].rank")).isEqualTo(1);
        List<Float> scores = query.getList("hits.score", Float.class);
        for (int i = 1; i < scores.size(); i++) {
            assertThat(scores.get(i)).isLessThanOrEqualTo(scores.get(i - 1));
        }
        assertThat(query.getBoolean("validated")).isTrue();
        given().urlEncodingEnabled(false).get("/api/runs/" + runId + "/retrievers/" + retriever.replace("/", "%2F") + "/queries/" + queryId)
                .then().statusCode(200).body("retrieverId", equalTo(retriever));
        given().get("/api/runs/" + runId + "/retrievers/" + retriever + "/queries/no-such-query")
                .then().statusCode(404).contentType(containsString("application/problem+json"))
                .body("detail", containsString("no-such-query"));
    }

    @Test
    void unknownRunIsAProblemNotAnEmpty404() {
        given().get("/api/runs/no-such-run").then().statusCode(404).contentType(containsString("application/problem+json"))
                .body("status", equalTo(404)).body("detail", containsString("no-such-run"));
        given().get("/api/runs/no-such-run/report").then().statusCode(404).body("detail", containsString("no-such-run"));
        given().get("/api/runs/no-such-run/trec").then().statusCode(400).body("detail", containsString("retriever"));
    }
}
