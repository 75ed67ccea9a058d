package io.clirbench.eval.messaging;

import static io.clirbench.eval.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.run.RankedList;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RetrieverCost;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunEvent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;

/**
 * A run's report carries, beside its quality numbers, each retriever's efficiency (README "Efficiency"): what the
 * gateway measured (RunCompleted.costs) and the latency percentiles of the stored results.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class EfficiencyReportTest {

    private final EvalFixture fixture = EvalFixture.get();

    /**
     * bm25's k-th query (k = 1..n, dataset order) took 100·k µs, so its r-th smallest latency is 100·r µs and the
     * nearest-rank percentile p is 100·ceil(p·n/100) µs. Its cost: index built in 2 s, 5 MB on disk and in memory, n
     * queries searched in n·2 ms (= 500 q/s), 64 queries a call; no embedding. The dense retriever has no cost (a gateway
     * from before costs were sent): its block has its latencies (1234 µs each, as the fixture sends) and nothing else.
     */
    @Test
    void reportHasEachRetrieversEfficiencyBesideItsQuality() throws Exception {
        String runId = "efficiency-" + UUID.randomUUID();
        int n = fixture.dataset.queries().size();
        List<String> order = fixture.dataset.queries().stream().map(q -> q.id()).toList();
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(fixture.started(runId)));
            for (QueryResult result : fixture.results(runId)) {
                QueryResult sent = result.getRetrieverId().equals("bm25")
                        ? result.toBuilder().setLatencyMicros(100L * (order.indexOf(result.getQueryId()) + 1)).build() : result;
                TestKafka.send(producer, "query-results.v1", runId, sent.toByteArray());
            }
            RunCompleted completed = RunCompleted.parseFrom(RunEvent.parseFrom(fixture.completed(runId)).getCompleted().toByteArray())
                    .toBuilder().putCosts("bm25", RetrieverCost.newBuilder().setIndexBuildMicros(2_000_000L)
                            .setIndexDiskBytes(5_000_000L).setIndexMemoryBytes(5_000_000L).setQueriesSearched(n)
                            .setSearchMicros(2_000L * n).setQueriesPerCall(64).build()).build();
            TestKafka.send(producer, "runs.v1", runId, RunEvent.newBuilder().setCompleted(completed).build().toByteArray());
        }
        assertThat(TestKafka.awaitState(runId, "COMPLETED", "FAILED").getString("state")).isEqualTo("COMPLETED");

        JsonNode report = new ObjectMapper().readTree(given().get("/api/runs/" + runId + "/report").then().statusCode(200)
                .extract().asString());
        JsonNode bm25 = report.path("efficiency").path("bm25");
        assertThat(bm25.path("latencyQueries").asInt()).isEqualTo(n);
        assertThat(bm25.path("latencyP50Micros").asLong()).isEqualTo(100L * (long) Math.ceil(0.50 * n));
        assertThat(bm25.path("latencyP99Micros").asLong()).isEqualTo(100L * (long) Math.ceil(0.99 * n));
        assertThat(bm25.path("indexBuildMs").asDouble()).isCloseTo(2000.0, within(1e-9));
        assertThat(bm25.path("indexDiskBytes").asLong()).isEqualTo(5_000_000L);
        assertThat(bm25.path("searchQueriesPerSecond").asDouble()).isCloseTo(500.0, within(1e-6));
        assertThat(bm25.path("queriesPerCall").asInt()).isEqualTo(64);
        assertThat(bm25.path("embedTextsPerSecond").isNull()).as("bm25 embeds nothing").isTrue();
        JsonNode dense = report.path("efficiency").path("all-minilm-l6-v2/exact");
        assertThat(dense.path("latencyP50Micros").asLong()).isEqualTo(1234L);
        assertThat(dense.path("latencyP99Micros").asLong()).isEqualTo(1234L);
        assertThat(dense.path("indexBuildMs").isNull()).isTrue();
        assertThat(dense.path("searchQueriesPerSecond").isNull()).isTrue();
        // quality unchanged beside it
        assertThat(EvalFixture.withoutFiles(report.toString())).isEqualTo(EvalFixture.withoutFiles(fixture.expectedReportJson));

        String md = given().get("/api/runs/" + runId + "/files/report.md").then().statusCode(200).extract().asString();
        assertThat(md).contains("## Efficiency").contains("| bm25 | 2.00 | 4.77 | 4.77 | n/m | 500.0 |");
        String html = given().get("/api/runs/" + runId + "/files/report.html").then().statusCode(200).extract().asString();
        assertThat(html).contains("<section id=\"efficiency\">");
        String csv = given().get("/api/runs/" + runId + "/files/metrics.csv").then().statusCode(200).extract().asString();
        assertThat(csv).contains("bm25,efficiency,,index_build_ms,2000.0," + n);
    }
}
