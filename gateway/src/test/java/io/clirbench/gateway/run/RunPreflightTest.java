package io.clirbench.gateway.run;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.Topics;
import io.clirbench.proto.events.v1.RunEvent;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.common.WithTestResource;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The preflight at submit (README "Preflight at submit") through the REST API, with limits lowered so that the test
 * sample reaches them: a run over the evaluation cost is refused (400, the field {@code bootstrap}) and changes nothing
 * (no run listed, no event on Kafka); a run over the storage threshold is accepted with the warning, which it keeps.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
@TestProfile(RunPreflightTest.LowLimits.class)
class RunPreflightTest {

    /** Cost limit 1,000 query-resamples; storage warning above 1,000 bytes. */
    public static class LowLimits implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("gateway.preflight.eval-max-cost", "1000", "gateway.preflight.eval-storage-warn-bytes", "1000");
        }
    }

    @Test
    void aRunOverTheEvaluationCostIsRefusedNamingTheLimitAndChangesNothing() throws Exception {
        TestRuns.register("preflight-refused");
        int queries = TestDatasets.sample().queries().size();
        int before = given().get("/api/runs").then().statusCode(200).extract().jsonPath().getList("$").size();
        long eventsBefore = runEventsOf("preflight-refused");

        // cost: queries x 1 retriever x B 1,000 > 1,000 whenever there are 2 queries or more
        given().contentType(ContentType.JSON)
                .body(Map.of("dataset", "preflight-refused", "retrievers", List.of("bm25"), "depth", 10, "bootstrap", 1000))
                .when().post("/api/runs").then().statusCode(400).contentType("application/problem+json")
                .body("errors", hasSize(1))
                .body("errors[0].field", equalTo("bootstrap"))
                .body("errors[0].value", equalTo("1000"))
                .body("errors[0].message", containsString(String.format(java.util.Locale.ROOT,
                        "estimated evaluation cost %,d query-resamples (%d queries x 1 retrievers x B 1000) is above the"
                                + " eval-service's eval.evaluation.max-cost 1,000", queries * 1000L, queries)))
                .body("errors[0].message", containsString("gateway.preflight.eval-max-cost"))
                .body("detail", containsString("run refused at submit"));

        assertThat(given().get("/api/runs").then().extract().jsonPath().getList("$")).hasSize(before);
        assertThat(runEventsOf("preflight-refused")).isEqualTo(eventsBefore);
    }

    @Test
    void aRunOverTheStorageThresholdIsAcceptedWithTheWarningWhichItKeeps() throws Exception {
        TestRuns.register("preflight-warned");
        // storage: queries x 10 results x 43 bytes + queries x 200 bytes > 1,000 bytes; cost: queries x 1 <= 1,000
        String id = given().contentType(ContentType.JSON)
                .body(Map.of("dataset", "preflight-warned", "retrievers", List.of("bm25"), "depth", 10, "bootstrap", 0))
                .when().post("/api/runs").then().statusCode(202)
                .body("warnings", hasSize(1))
                .body("warnings[0]", containsString("above gateway.preflight.eval-storage-warn-bytes 1000 bytes"))
                .extract().path("id");
        String warning = TestRuns.awaitState(id, "COMPLETED").getString("warnings[0]");
        assertThat(warning).contains("results (43 bytes a result, measured on H2; PostgreSQL about 9)");
        assertThat(runEventsOf("preflight-warned")).isPositive();
    }

    private static long runEventsOf(String dataset) {
        return TestRuns.consume(Topics.RUNS).stream().map(r -> parse(r.value()))
                .filter(e -> e.hasStarted() && e.getStarted().getDatasetId().equals(dataset)).count();
    }

    private static RunEvent parse(byte[] bytes) {
        try {
            return RunEvent.parseFrom(bytes);
        } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw new IllegalStateException(e);
        }
    }
}
