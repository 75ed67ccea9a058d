package io.clirbench.gateway.run;

import static io.clirbench.gateway.TestAuth.given;
import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.run.TestRuns.submit;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.Hit;
import io.clirbench.proto.events.v1.QueryResult;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Issue 45: cancels of RUNNING and QUEUED runs, interleaved with new runs (seeded), disturb no other run and never the
 * gateway's database. Each run embeds its dataset's documents on {@code test-model} (the embedding cache and the run's
 * progress written to H2 meanwhile) and searches it with bm25 too. Before, a cancel interrupted the run's thread: an
 * interrupt that came during H2's file I/O closed the database (every request 500 until a restart), and one that came
 * late reached the next run on the same pool thread. Every run not cancelled must end COMPLETED with the results of a
 * clean run of its dataset made after the storm; every cancelled one CANCELLED; none may hang.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class CancelStormTest {

    private static final Logger LOG = Logger.getLogger(CancelStormTest.class);
    private static final long SEED = 45;
    private static final int DATASETS = 8;
    private static final int RUNS = 24;
    /**
     * Families of the sample per dataset: 12 documents each (720), embedded in 23 batches of 32 (gateway.embed.batch-texts),
     * four at a time: a run embeds long enough to be cancelled while its vectors are written to the embedding cache.
     */
    private static final int FAMILIES = 60;
    private static final List<String> RETRIEVERS = List.of("bm25", "test-model/exact");
    private static final Set<String> TERMINAL = Set.of("COMPLETED", "FAILED", "CANCELLED", "INTERRUPTED");

    @Test
    void cancellingRunningAndQueuedRunsAmongNewRunsLeavesEveryOtherRunAndTheDatabaseWhole() throws Exception {
        for (int d = 0; d < DATASETS; d++) {
            // texts of its own: each dataset's first run embeds (and caches) every document afresh
            TestRuns.register("storm-" + d, RunQueueTest.marked(TestDatasets.sample(FAMILIES), "storm" + d));
        }
        Random random = new Random(SEED);
        Map<String, String> datasetOf = new LinkedHashMap<>();
        Map<String, String> cancelledWhile = new LinkedHashMap<>(); // run → its state when it was picked to be cancelled
        long t0 = System.nanoTime();
        for (int r = 0; r < RUNS; r++) {
            String dataset = "storm-" + (r % DATASETS);
            datasetOf.put(submit(dataset, RETRIEVERS), dataset);
            switch (random.nextInt(3)) {
                case 0 -> pick(datasetOf.keySet(), cancelledWhile, random, "RUNNING").ifPresent(id -> cancel(id, "RUNNING", cancelledWhile));
                case 1 -> pick(datasetOf.keySet(), cancelledWhile, random, "QUEUED").ifPresent(id -> cancel(id, "QUEUED", cancelledWhile));
                default -> { } // a new run only
            }
            TestRuns.sleep(random.nextInt(150));
        }
        // the bound only ends a hang: on a machine shared with other builds the storm alone has taken 3 minutes
        Map<String, String> ended = awaitAllEnded(datasetOf.keySet(), Duration.ofMinutes(6));
        long stormMillis = (System.nanoTime() - t0) / 1_000_000;

        // the database is whole: a clean run per dataset, written and read through it, completes
        Map<String, String> clean = new HashMap<>();
        for (int d = 0; d < DATASETS; d++) {
            clean.put("storm-" + d, submit("storm-" + d, RETRIEVERS));
        }
        clean.values().forEach(id -> awaitState(id, "COMPLETED"));
        given().get("/api/runs?limit=100").then().statusCode(200);

        Map<String, Map<String, List<String>>> results = resultsByRun();
        int completed = 0;
        for (Map.Entry<String, String> run : datasetOf.entrySet()) {
            String id = run.getKey();
            if (cancelledWhile.containsKey(id)) {
                assertThat(ended.get(id)).as("run %s cancelled while %s", id, cancelledWhile.get(id)).isEqualTo("CANCELLED");
            } else {
                assertThat(ended.get(id)).as("run %s, never cancelled", id).isEqualTo("COMPLETED");
                assertThat(results.get(id)).as("results of run %s against the clean run of %s", id, run.getValue())
                        .isEqualTo(results.get(clean.get(run.getValue())));
                completed++;
            }
        }
        long whileRunning = cancelledWhile.values().stream().filter("RUNNING"::equals).count();
        long whileQueued = cancelledWhile.values().stream().filter("QUEUED"::equals).count();
        LOG.infof("cancel storm: %d runs, %d cancelled (%d RUNNING while embedding, %d QUEUED), %d completed, in %d ms",
                RUNS, cancelledWhile.size(), whileRunning, whileQueued, completed, stormMillis);
        // the storm is what the seed makes it: both kinds of cancel, and runs that complete among them
        assertThat(whileRunning).isPositive();
        assertThat(whileQueued).isPositive();
        assertThat(completed).isPositive();
    }

    /**
     * A run in {@code state} among {@code ids} not cancelled yet, picked at random, waited for up to 3 s; a RUNNING one
     * only while its dense retriever embeds (its vectors being written to the embedding cache).
     */
    private static java.util.Optional<String> pick(Set<String> ids, Map<String, String> cancelled, Random random, String state) {
        long end = System.nanoTime() + Duration.ofSeconds(3).toNanos();
        while (System.nanoTime() < end) {
            List<String> candidates = new ArrayList<>();
            for (String id : ids) {
                if (!cancelled.containsKey(id)) {
                    Map<String, Object> run = given().get("/api/runs/" + id).then().statusCode(200).extract().jsonPath().getMap("");
                    if (state.equals(run.get("state")) && (!"RUNNING".equals(state) || embedding(run))) {
                        candidates.add(id);
                    }
                }
            }
            if (!candidates.isEmpty()) {
                return java.util.Optional.of(candidates.get(random.nextInt(candidates.size())));
            }
            TestRuns.sleep(20);
        }
        return java.util.Optional.empty();
    }

    @SuppressWarnings("unchecked")
    private static boolean embedding(Map<String, Object> run) {
        List<Map<String, Object>> retrievers = (List<Map<String, Object>>) run.get("retrievers");
        return retrievers.stream().anyMatch(r -> "EMBEDDING".equals(r.get("state")) && ((Number) r.get("documentsEmbedded")).intValue() > 0);
    }

    /** Cancels {@code id}; a 409 (it ended meanwhile) leaves it among the runs not cancelled. */
    private static void cancel(String id, String pickedWhile, Map<String, String> cancelled) {
        Response cancel = given().post("/api/runs/" + id + "/cancel");
        if (cancel.statusCode() == 200) {
            cancelled.put(id, pickedWhile);
        } else {
            assertThat(cancel.statusCode()).as(cancel.asString()).isEqualTo(409);
        }
    }

    /** Polls every run until all have ended; fails naming those still going after {@code limit} (a hung run). */
    private static Map<String, String> awaitAllEnded(Set<String> ids, Duration limit) {
        long end = System.nanoTime() + limit.toNanos();
        Map<String, String> states = new TreeMap<>();
        while (true) {
            for (String id : ids) {
                states.put(id, given().get("/api/runs/" + id).then().statusCode(200).extract().path("state"));
            }
            if (states.values().stream().allMatch(TERMINAL::contains)) {
                return states;
            }
            assertThat(System.nanoTime()).as("runs not ended within %s: %s", limit, states).isLessThan(end);
            TestRuns.sleep(250);
        }
    }

    /** Per run, per retriever and query: the ranked document ids, read once from query-results.v1. */
    private static Map<String, Map<String, List<String>>> resultsByRun() throws Exception {
        Map<String, Map<String, List<String>>> out = new HashMap<>();
        for (ConsumerRecord<String, byte[]> record : TestRuns.consume("query-results.v1")) {
            QueryResult r = QueryResult.parseFrom(record.value());
            List<String> docs = new ArrayList<>();
            for (Hit h : r.getHitsList()) {
                docs.add(h.getDocId());
            }
            out.computeIfAbsent(record.key(), k -> new TreeMap<>()).put(r.getRetrieverId() + " " + r.getQueryId(), docs);
        }
        return out;
    }
}
