package io.clirbench.gateway.run;

import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import io.clirbench.core.model.Dataset;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.DiscoveryPeersResource;
import io.clirbench.gateway.peers.DiscoveryProfile;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * gateway.encoders-discovery: models found by asking every address of one name for Info (the resolver
 * seam returns local peers), next to the configured ones of PeersResource; runs on discovered models.
 */
@QuarkusTest
@TestProfile(DiscoveryProfile.class)
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
@WithTestResource(DiscoveryPeersResource.class)
class DiscoveryTest {

    /** Embed calls per discovered pod: a1, a2 (found-a), b1 (found-b), t1 (reports test-model). */
    Map<String, AtomicInteger> discoveryCalls;

    /** The discovered endpoints in the order DiscoveryPeersResource listed them: a1, dead, b1, a2, t1. */
    private static List<String> pods() {
        return List.of(ConfigProvider.getConfig().getValue("test.discovery.endpoints", String.class).split(","));
    }

    @Test
    void theEncoderListShowsDiscoveredModelsPerPodAndConfiguredOnesWin() {
        List<String> pods = pods();
        JsonPath encoders = given().get("/api/encoders").then().statusCode(200).extract().jsonPath();
        Map<String, List<String>> targets = new java.util.TreeMap<>();
        for (Map<String, Object> e : encoders.<Map<String, Object>>getList("")) {
            @SuppressWarnings("unchecked")
            List<Map<String, Object>> endpoints = (List<Map<String, Object>>) e.get("endpoints");
            targets.put((String) e.get("modelId"), endpoints.stream().map(p -> (String) p.get("target")).toList());
        }
        assertThat(targets).containsEntry("found-a", List.of(pods.get(0), pods.get(3)))
                .containsEntry("found-b", List.of(pods.get(2)));
        // test-model is configured (PeersResource's two peers): the discovered pod t1 reporting it is not used
        String configured = ConfigProvider.getConfig().getValue("gateway.encoders.\"test-model\".endpoints", String.class);
        assertThat(targets.get("test-model")).isEqualTo(List.of(configured.split(",")));
        // the silent endpoint is in no model
        assertThat(targets.values().stream().flatMap(List::stream)).doesNotContain(pods.get(1), pods.get(4));
        assertThat(encoders.getList("find { it.modelId == 'found-a' }.endpoints.reachable", Boolean.class))
                .containsExactly(true, true);
    }

    @Test
    void aRunOnEachDiscoveredModelCompletesUsingEveryPod() throws Exception {
        TestRuns.register("discovered");
        Dataset d = TestDatasets.sample();
        assertThat(d.corpus().size()).as("two batches at least, so both pods of found-a get one").isGreaterThan(32);
        String id = TestRuns.submit("discovered", List.of("found-a/exact", "found-b/exact"));
        JsonPath run = awaitState(id, "COMPLETED");
        assertThat(run.getList("retrievers.documentsEmbedded", Integer.class)).containsExactly(d.corpus().size(), d.corpus().size());
        // the first two batches take the first slots of the queue, one per pod (EmbedClient: a1, a2, a1, a2)
        assertThat(discoveryCalls.get("a1").get()).isPositive();
        assertThat(discoveryCalls.get("a2").get()).isPositive();
        assertThat(discoveryCalls.get("b1").get()).isPositive();
        assertThat(discoveryCalls.get("t1").get()).isZero();
    }

    @Test
    void anUnknownModelIsRefusedNamingTheDiscoveredOnes() {
        given().contentType(ContentType.JSON)
                .body(Map.of("dataset", "any", "retrievers", List.of("found-c/exact")))
                .when().post("/api/runs").then().statusCode(400)
                .body("detail", containsString("unknown model 'found-c' (configured or discovered: [down-model, found-a, found-b,"));
    }
}
