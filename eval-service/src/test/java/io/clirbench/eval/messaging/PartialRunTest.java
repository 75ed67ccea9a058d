package io.clirbench.eval.messaging;

import static io.clirbench.eval.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunEvent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;

/**
 * A run whose dense retriever failed while BM25 went on (RunCompleted.failed_retrievers): the eval-service evaluates
 * BM25 alone, exactly as bench eval does on BM25's lists alone, and the report names the failed retriever and why.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class PartialRunTest {

    private static final String FAILED = EvalFixture.RETRIEVERS.get(0);
    private static final String WHY = "embedding with model 'all-minilm-l6-v2' failed after 5 attempts: UNAVAILABLE";

    private final EvalFixture fixture = EvalFixture.get();

    @Test
    void theFailedRetrieverIsNamedAndTheOthersAreEvaluated() throws Exception {
        String runId = "partial-" + UUID.randomUUID();
        int queries = fixture.dataset.queries().size();
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(fixture.started(runId)));
            for (var list : fixture.lists.get("bm25")) {
                TestKafka.send(producer, "query-results.v1", runId, EvalFixture.result(runId, "bm25", list).toByteArray());
            }
            RunCompleted completed = RunCompleted.newBuilder().setRunId(runId).setOutcome(RunCompleted.Outcome.SUCCEEDED)
                    .setCompletedAtEpochMs(System.currentTimeMillis()).putPublishedQueries("bm25", queries)
                    .putPublishedQueries(FAILED, 0).putFailedRetrievers(FAILED, WHY).build();
            TestKafka.send(producer, "runs.v1", runId, RunEvent.newBuilder().setCompleted(completed).build().toByteArray());
        }
        JsonPath run = TestKafka.awaitState(runId, "COMPLETED", "FAILED");
        assertThat(run.getString("state")).as(run.prettify()).isEqualTo("COMPLETED");

        String report = given().get("/api/runs/" + runId + "/report").then().statusCode(200).extract().asString();
        JsonNode tree = EvalFixture.withoutFiles(report);
        assertThat(tree.path("failedRetrievers").path(FAILED).asText()).isEqualTo(WHY);
        assertThat(tree.path("runs")).hasSize(1);
        // the independent path: bench eval's evaluation of BM25's lists alone, from a TREC file
        Map<String, java.util.List<io.clirbench.core.run.RankedList>> bm25Only = new LinkedHashMap<>();
        bm25Only.put("bm25", fixture.lists.get("bm25"));
        String direct = fixture.benchEval(Path.of("target", "eval-fixture", "partial-" + runId), bm25Only, new LinkedHashMap<>());
        ((ObjectNode) tree).remove("failedRetrievers");
        assertThat(tree).isEqualTo(EvalFixture.withoutFiles(direct));

        String markdown = given().get("/api/runs/" + runId + "/files/report.md").then().statusCode(200).extract().asString();
        assertThat(markdown).contains("## Failed retrievers", "`" + FAILED + "`: " + WHY);
        assertThat(given().get("/api/runs/" + runId + "/files/report.html").then().statusCode(200).extract().asString())
                .contains("<h2>Failed retrievers</h2>");
    }
}
