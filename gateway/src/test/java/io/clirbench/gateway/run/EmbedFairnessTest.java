package io.clirbench.gateway.run;

import static io.clirbench.gateway.TestAuth.given;
import static io.clirbench.gateway.run.TestRuns.await;
import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.run.TestRuns.submit;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.PacedEmbedder;
import io.clirbench.gateway.peers.PacedPeersResource;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Two runs embedding through the one replica of {@code paced-model} (each Embed 100 ms, logged as it arrives): a long
 * run (2,880 documents: 90 batches, then 1,200 queries: 38) and a short one (12 documents, 5 queries: one batch each)
 * submitted once the long one is embedding. The replica never carries more than
 * {@code gateway.embed.in-flight-per-endpoint} (2) batches whichever run sent them, and the short run's batches take
 * their turn: all of them arrive before the long run has embedded its documents (first in, first out they would come
 * after all its remaining document batches), and the short run completes while the long one still runs.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
@WithTestResource(PacedPeersResource.class)
class EmbedFairnessTest {

    /** Injected by PacedPeersResource. */
    List<String> pacedLog;
    Map<String, AtomicInteger> pacedCounts;

    @Test
    void aShortRunTakesItsTurnsBetweenALongRunsBatches() throws Exception {
        io.clirbench.core.model.Dataset full = TestDatasets.sample(240);
        // batches of 32 distinct texts (the embedding cache path embeds each distinct text once)
        long docBatches = (full.corpus().stream().map(io.clirbench.core.model.Document::indexedText).distinct().count() + 31) / 32;
        long queryBatches = (full.queries().stream().map(io.clirbench.core.model.Query::text).distinct().count() + 31) / 32;
        TestRuns.register("fair-long", full);
        TestRuns.register("fair-short", RunQueueTest.marked(TestDatasets.sample(1), PacedEmbedder.SHORT_MARK));
        String longRun = submit("fair-long", List.of(PacedEmbedder.MODEL + "/exact"));
        await(longRun, "embedding documents", run -> run.getInt("retrievers[0].documentsEmbedded") >= 64);
        String shortRun = submit("fair-short", List.of(PacedEmbedder.MODEL + "/exact"));

        awaitState(shortRun, "COMPLETED");
        String longState = given().get("/api/runs/" + longRun).then().extract().path("state");
        assertThat(longState).as("the long run when the short one completed").isEqualTo("RUNNING");
        JsonPath longEnd = awaitState(longRun, "COMPLETED");
        JsonPath shortEnd = given().get("/api/runs/" + shortRun).then().extract().jsonPath();

        List<String> log;
        synchronized (pacedLog) {
            log = new ArrayList<>(pacedLog);
        }
        assertThat(log).filteredOn(e -> e.startsWith("long ")).hasSize((int) (docBatches + queryBatches));
        assertThat(log).filteredOn(e -> e.startsWith("short ")).containsExactly("short DOCUMENT", "short QUERY");
        int firstLongQuery = log.indexOf("long QUERY");
        assertThat(log.lastIndexOf("short QUERY")).as("the short run's last batch arrives before the long run's "
                + "documents are embedded: %s", log).isLessThan(firstLongQuery);
        assertThat(pacedCounts.get(PacedEmbedder.MAX_IN_FLIGHT).get()).as("Embed calls in progress at once at the replica")
                .isEqualTo(2);
        System.out.printf(java.util.Locale.ROOT, "fairness: %d Embed calls; the short run's at %d and %d, the long run's first"
                + " query batch at %d; short run %d ms, long run %d ms (totalMillis); at most %d calls in progress%n", log.size(),
                log.indexOf("short DOCUMENT"), log.indexOf("short QUERY"), firstLongQuery, shortEnd.getLong("timings.totalMillis"),
                longEnd.getLong("timings.totalMillis"), pacedCounts.get(PacedEmbedder.MAX_IN_FLIGHT).get());
    }
}
