package io.clirbench.eval.messaging;

import static io.clirbench.eval.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.eval.pipeline.EvaluationScheduler;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunEvent;
import io.clirbench.proto.events.v1.RunStarted;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;

/**
 * The bounded evaluation pool (%test: 2 threads, small runs at most 1,000,000 query-resamples, refused above
 * 200,000,000). The reproduction: a run with a huge bootstrap held the only evaluation thread while a
 * small run waited. The huge run here costs Q x 10 retrievers x 100,000 (Q = 60 fixture queries: 6e7
 * query-resamples, some 5 s here, its 45 pairs' bootstrap included), the small one Q x 2 x 200 = 24,000 (0.2 s).
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class EvaluationPoolTest {

    private static final int HUGE_RETRIEVERS = 10;
    private static final int HUGE_BOOTSTRAP = 100_000;

    private final EvalFixture fixture = EvalFixture.get();

    @Inject
    EvaluationScheduler scheduler;

    @Test
    void aSmallRunSubmittedAfterAHugeOneCompletesFirst() throws Exception {
        String huge = "pool-huge-" + UUID.randomUUID();
        String small = "pool-small-" + UUID.randomUUID();
        // the small run has every result stored first: its RunCompleted, sent later, makes it complete at once
        send(fixture.started(small), fixture.results(small), null);
        TestKafka.awaitState(small, "RECEIVING");
        await("every result of " + small + " stored", Duration.ofSeconds(60), () -> given().get("/api/runs/" + small).jsonPath()
                .getList("retrievers.received", Integer.class).equals(List.of(fixture.dataset.queries().size(),
                        fixture.dataset.queries().size())));
        long t0 = System.nanoTime();
        send(hugeStarted(huge), hugeResults(huge), hugeCompleted(huge));
        // the huge run is being evaluated (claimed by a worker) before the small run is even sent
        await("run " + huge + " claimed", Duration.ofSeconds(60), () -> queueEntry(huge).map(e -> e.get("owner") != null).orElse(false));
        long hugeCost = ((Number) queueEntry(huge).orElseThrow().get("cost")).longValue();
        assertThat(hugeCost).isEqualTo((long) fixture.dataset.queries().size() * HUGE_RETRIEVERS * HUGE_BOOTSTRAP);

        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", small, fixture.completed(small));
        }
        JsonPath smallRun = TestKafka.awaitState(small, "COMPLETED", "FAILED");
        double smallDone = (System.nanoTime() - t0) / 1e9;
        assertThat(smallRun.getString("state")).as(smallRun.prettify()).isEqualTo("COMPLETED");
        String hugeState = given().get("/api/runs/" + huge).jsonPath().getString("state");
        assertThat(hugeState).as("the huge run is still evaluating when the small one is done").isEqualTo("EVALUATING");
        String report = given().get("/api/runs/" + small + "/report").then().statusCode(200).extract().asString();
        assertThat(EvalFixture.withoutFiles(report)).isEqualTo(EvalFixture.withoutFiles(fixture.expectedReportJson));

        await("run " + huge + " completed", Duration.ofSeconds(240),
                () -> "COMPLETED".equals(given().get("/api/runs/" + huge).jsonPath().getString("state")));
        System.out.printf(java.util.Locale.ROOT, "small run done after %.1f s, huge run (cost %d) after %.1f s%n", smallDone,
                hugeCost, (System.nanoTime() - t0) / 1e9);
        assertThat(queueEntry(huge)).as("an evaluated run leaves the queue").isEmpty();
    }

    @Test
    void thePoolNeverRunsMoreEvaluationsThanItsThreads() throws Exception {
        List<String> runIds = new ArrayList<>();
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            for (int i = 0; i < 6; i++) {
                String runId = "pool-many-" + i + "-" + UUID.randomUUID();
                runIds.add(runId);
                TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(fixture.started(runId)));
                for (QueryResult result : fixture.results(runId)) {
                    TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
                }
            }
            // the completions last, so that all six become complete at nearly the same time
            for (String runId : runIds) {
                TestKafka.send(producer, "runs.v1", runId, fixture.completed(runId));
            }
        }
        int mostHeld = 0;
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (!runIds.stream().allMatch(id -> "COMPLETED".equals(given().get("/api/runs/" + id).jsonPath().getString("state")))) {
            assertThat(System.nanoTime()).as("six runs evaluated within 120 s").isLessThan(deadline);
            JsonPath queue = given().get("/api/evaluations").jsonPath();
            List<Map<String, Object>> held = queue.getList("evaluations.findAll { it.owner != null }");
            mostHeld = Math.max(mostHeld, held.size());
            assertThat(queue.getInt("running")).isLessThanOrEqualTo(2);
            Thread.sleep(20);
        }
        assertThat(mostHeld).as("evaluations held by the replica at once").isLessThanOrEqualTo(2);
        assertThat(scheduler.peakRunning()).as("evaluations run at once").isBetween(1, 2);
        assertThat(given().get("/api/evaluations").jsonPath().getInt("threads")).isEqualTo(2);
    }

    @Test
    void aRunEstimatedAboveTheMaximumCostFailsWithItsEstimate() {
        String runId = "pool-over-" + UUID.randomUUID();
        // 5,000 expected queries x 2 retrievers x B 100,000 = 1e9 > 2e8
        RunStarted started = fixture.started(runId).toBuilder().setExpectedQueries(5000).setBootstrap(HUGE_BOOTSTRAP).build();
        send(started, fixture.results(runId), fixture.completed(runId));
        JsonPath run = TestKafka.awaitState(runId, "FAILED", "COMPLETED");
        assertThat(run.getString("state")).isEqualTo("FAILED");
        assertThat(run.getString("message")).isEqualTo("estimated evaluation cost 1,000,000,000 query-resamples (5000 queries x "
                + "2 retrievers x B 100000) is above eval.evaluation.max-cost 200,000,000; the run is not evaluated");
    }

    private RunStarted hugeStarted(String runId) {
        RunStarted.Builder started = fixture.started(runId).toBuilder().clearRetrievers().setBootstrap(HUGE_BOOTSTRAP);
        for (int i = 0; i < HUGE_RETRIEVERS; i++) {
            started.addRetrievers(Retriever.newBuilder().setId("bm25-" + i).setKind("bm25"));
        }
        return started.build();
    }

    /** Retriever i gets the lists of the fixture's retriever i % 2. */
    private List<QueryResult> hugeResults(String runId) {
        List<QueryResult> results = new ArrayList<>();
        for (int i = 0; i < HUGE_RETRIEVERS; i++) {
            String source = EvalFixture.RETRIEVERS.get(i % 2);
            for (var list : fixture.lists.get(source)) {
                results.add(EvalFixture.result(runId, "bm25-" + i, list));
            }
        }
        return results;
    }

    private byte[] hugeCompleted(String runId) {
        RunCompleted.Builder completed = RunCompleted.newBuilder().setRunId(runId).setOutcome(RunCompleted.Outcome.SUCCEEDED)
                .setCompletedAtEpochMs(System.currentTimeMillis());
        for (int i = 0; i < HUGE_RETRIEVERS; i++) {
            completed.putPublishedQueries("bm25-" + i, fixture.dataset.queries().size());
        }
        return RunEvent.newBuilder().setCompleted(completed).build().toByteArray();
    }

    private static void send(RunStarted started, List<QueryResult> results, byte[] completed) {
        String runId = started.getRunId();
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(started));
            for (QueryResult result : results) {
                TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
            }
            if (completed != null) {
                TestKafka.send(producer, "runs.v1", runId, completed);
            }
        }
    }

    private static java.util.Optional<Map<String, Object>> queueEntry(String runId) {
        List<Map<String, Object>> entries = given().get("/api/evaluations").jsonPath().getList("evaluations");
        return entries.stream().filter(e -> runId.equals(e.get("runId"))).findFirst();
    }

    private static void await(String what, Duration timeout, java.util.function.BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + " did not happen within " + timeout);
            }
            Thread.sleep(100);
        }
    }
}
