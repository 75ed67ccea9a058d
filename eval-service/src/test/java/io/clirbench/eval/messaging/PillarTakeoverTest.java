package io.clirbench.eval.messaging;

import static io.clirbench.eval.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.qa.construct.QaSample;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.format.QaDatasetWriter;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.select.LexicalSelector;
import io.clirbench.eval.pipeline.EvaluationKind;
import io.clirbench.eval.pipeline.EvaluationQueueStore;
import io.clirbench.service.store.Database;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.agent.v1.AgentAnswer;
import io.clirbench.proto.agent.v1.AgentCall;
import io.clirbench.proto.agent.v1.AgentEvent;
import io.clirbench.proto.agent.v1.AgentRunClosed;
import io.clirbench.proto.agent.v1.AgentRunOpened;
import io.clirbench.proto.qa.v1.Fact;
import io.clirbench.proto.qa.v1.QaEvent;
import io.clirbench.proto.qa.v1.QaRunCompleted;
import io.clirbench.proto.qa.v1.QaRunStarted;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;

/**
 * QA and agent runs on the one pipeline, as two replicas see it: the evaluation of a complete run sits in the shared
 * queue held by a replica that died (its lease, still running, under another replica's name); this replica does not
 * touch it until the lease ends, then claims it and stores the report, which is identical to the report of the same
 * events under another run id evaluated at once (the one-replica reference, the run id replaced); every event
 * redelivered afterwards changes nothing (counts not doubled, the run still COMPLETED).
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class PillarTakeoverTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long LEASE_LEFT_MS = 3000;

    @Inject
    Database db;
    @Inject
    EvaluationQueueStore queue;

    @Test
    void aQaEvaluationHeldByADeadReplicaIsTakenOverWhenItsLeaseEnds() throws Exception {
        Path source = Path.of("..", "datasets", "xquad-mix").toAbsolutePath().normalize();
        List<QaInstance> instances = QaSample.bySource(QaDatasetReader.readAll(source), 1, 9);
        QaDatasetInfo base = QaDatasetReader.open(source).info();
        QaDatasetInfo info = new QaDatasetInfo("xquad-mix-takeover", base.name(), base.version(), base.license(), base.source(),
                base.languages());
        Path dir = Files.createTempDirectory("qa-takeover-");
        QaDatasetWriter.write(info, instances, dir);
        Pillar qa = new Pillar(EvaluationKind.QA, "qa-predictions.v1", "/api/qa-runs/", runId -> {
            QaRunStarted started = QaRunStarted.newBuilder().setRunId(runId).setDatasetId(info.id()).setDatasetVersion(info.version())
                    .setDatasetLocation(dir.toString()).addSystems("select:lexical").setExpectedInstances(instances.size())
                    .setProtocol("unicode").setSeed(42).setBootstrap(200).build();
            List<byte[]> events = new ArrayList<>();
            events.add(QaEvent.newBuilder().setStarted(started).build().toByteArray());
            for (QaInstance i : instances) {
                events.add(QaEvent.newBuilder().setPrediction(prediction(runId, LexicalSelector.predict(i))).build().toByteArray());
            }
            events.add(QaEvent.newBuilder().setCompleted(QaRunCompleted.newBuilder().setRunId(runId)
                    .setOutcome(QaRunCompleted.Outcome.SUCCEEDED).putPublished("select:lexical", instances.size())).build().toByteArray());
            return events;
        }, view -> view.path("systems").get(0).path("received").asInt(), instances.size(), List.of("report.json", "report.md",
                "summary.csv", "per-example.csv", "report.txt"));
        assertTakenOver(qa);
    }

    @Test
    void anAgentEvaluationHeldByADeadReplicaIsTakenOverWhenItsLeaseEnds() throws Exception {
        Path task = Path.of("..", "datasets", "xquad-agentic").toAbsolutePath().normalize();
        List<JsonNode> traces = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of("..", "runs", "xquad-agentic", "original"))) {
            for (Path f : files.sorted().toList()) {
                traces.add(JSON.readTree(f.toFile()));
            }
        }
        Pillar agent = new Pillar(EvaluationKind.AGENT, "agent-calls.v1", "/api/agent-runs/", runId -> agentEvents(runId, task, traces),
                view -> view.path("calls").asInt() + view.path("answers").asInt(), 2 * traces.size(),
                List.of("report.json", "report.md", "summary.csv", "languages.csv", "queries.csv"));
        assertTakenOver(agent);
    }

    /** One pillar's events of a run (the completing event last), where its state is read, and what it counts. */
    private record Pillar(EvaluationKind kind, String topic, String path, java.util.function.Function<String, List<byte[]>> events,
                          java.util.function.ToIntFunction<JsonNode> stored, int expectedStored, List<String> files) {
    }

    private void assertTakenOver(Pillar pillar) throws Exception {
        String reference = pillar.kind().name().toLowerCase() + "-ref-" + UUID.randomUUID();
        String taken = pillar.kind().name().toLowerCase() + "-taken-" + UUID.randomUUID();
        List<byte[]> referenceEvents = pillar.events().apply(reference);
        List<byte[]> takenEvents = pillar.events().apply(taken);
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            referenceEvents.forEach(e -> TestKafka.send(producer, pillar.topic(), reference, e));
            takenEvents.subList(0, takenEvents.size() - 1).forEach(e -> TestKafka.send(producer, pillar.topic(), taken, e));
        }
        await(pillar, reference, "COMPLETED");
        await(pillar, taken, "RECEIVING");
        awaitStored(pillar, taken);

        // a replica that died holding the run's evaluation: its lease has LEASE_LEFT_MS to run
        long expiresAt = System.currentTimeMillis() + LEASE_LEFT_MS;
        db.inTransaction(c -> {
            queue.enqueue(c, pillar.kind(), taken, 1, System.currentTimeMillis());
            return queue.claim(c, pillar.kind(), taken, "dead-host-1-gone", System.currentTimeMillis(), expiresAt);
        });
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, pillar.topic(), taken, takenEvents.get(takenEvents.size() - 1));
        }
        await(pillar, taken, "EVALUATING");
        JsonNode held = heldBy(pillar, taken);
        assertThat(held.path("owner").asText()).as(held.toString()).isEqualTo("dead-host-1-gone");
        JsonNode completed = await(pillar, taken, "COMPLETED");
        assertThat(System.currentTimeMillis()).as("completed only after the dead replica's lease ended").isGreaterThanOrEqualTo(expiresAt);

        for (String file : pillar.files()) {
            String expected = file(pillar, reference, file).replace(reference, "RUN");
            assertThat(file(pillar, taken, file).replace(taken, "RUN")).as(file).isEqualTo(expected);
        }
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            takenEvents.forEach(e -> TestKafka.send(producer, pillar.topic(), taken, e)); // every event redelivered
        }
        Thread.sleep(2000);
        JsonNode after = view(pillar, taken);
        assertThat(after.path("state").asText()).isEqualTo("COMPLETED");
        assertThat(pillar.stored().applyAsInt(after)).as("stored once").isEqualTo(pillar.expectedStored())
                .isEqualTo(pillar.stored().applyAsInt(completed));
        java.util.Optional<io.clirbench.eval.pipeline.QueuedEvaluation> row = db.inTransaction(c -> queue.find(c, pillar.kind(), taken));
        assertThat(row).as("queue row removed").isEmpty();
    }

    private static JsonNode heldBy(Pillar pillar, String runId) {
        for (Map<String, Object> e : given().get("/api/evaluations").jsonPath().<Map<String, Object>>getList("evaluations")) {
            if (runId.equals(e.get("runId")) && pillar.kind().name().equals(e.get("kind"))) {
                return JSON.valueToTree(e);
            }
        }
        throw new AssertionError("run " + runId + " is not in the evaluation queue");
    }

    private static JsonNode view(Pillar pillar, String runId) throws Exception {
        return JSON.readTree(given().get(pillar.path() + runId).then().statusCode(200).extract().asString());
    }

    private static String file(Pillar pillar, String runId, String name) {
        return given().get(pillar.path() + runId + "/files/" + name).then().statusCode(200).extract().asString();
    }

    private static JsonNode await(Pillar pillar, String runId, String state) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        String last = "nothing";
        while (System.nanoTime() < deadline) {
            var r = given().get(pillar.path() + runId);
            if (r.statusCode() == 200) {
                last = r.asString();
                JsonNode node = JSON.readTree(last);
                if (node.path("state").asText().equals(state)) {
                    return node;
                }
                assertThat(node.path("state").asText()).as(last).isNotEqualTo("FAILED");
            }
            Thread.sleep(50);
        }
        throw new AssertionError(pillar.kind() + " run " + runId + " did not reach " + state + "; last seen: " + last);
    }

    private static void awaitStored(Pillar pillar, String runId) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (pillar.stored().applyAsInt(view(pillar, runId)) < pillar.expectedStored()) {
            assertThat(System.nanoTime()).as("events of " + runId + " stored").isLessThan(deadline);
            Thread.sleep(50);
        }
    }

    private static io.clirbench.proto.qa.v1.QaPrediction prediction(String runId, QaPrediction p) {
        var b = io.clirbench.proto.qa.v1.QaPrediction.newBuilder().setRunId(runId).setSystem("select:lexical").setInstanceId(p.id())
                .setAnswer(p.answer() == null ? "" : p.answer());
        p.support().stream().sorted(Comparator.comparing(FactKey::paragraphId).thenComparingInt(FactKey::sentenceId))
                .forEach(f -> b.addSupportingFacts(Fact.newBuilder().setParagraphId(f.paragraphId()).setSentenceId(f.sentenceId())));
        return b.build();
    }

    /** The shipped offline baseline's run (runs/xquad-agentic/original) as the events the gateway would publish. */
    private static List<byte[]> agentEvents(String runId, Path task, List<JsonNode> traces) {
        List<byte[]> events = new ArrayList<>();
        events.add(AgentEvent.newBuilder().setOpened(AgentRunOpened.newBuilder().setRunId(runId).setTaskId("xquad-agentic")
                .setTaskLocation(task.toString()).setConfiguration("original").setRetriever("bm25").setK(5)
                .setExpectedQueries(traces.size()).setBootstrap(200).setSeed(42).setAgent("bm25-single-search-baseline")).build()
                .toByteArray());
        int calls = 0;
        for (JsonNode trace : traces) {
            String query = trace.path("query_id").asText();
            int index = 0;
            for (JsonNode item : trace.path("result")) {
                if (item.path("type").asText().equals("tool_call")) {
                    AgentCall.Builder call = AgentCall.newBuilder().setRunId(runId).setQueryId(query).setCallIndex(index++)
                            .setTool(item.path("tool_name").asText()).setArgumentsJson(item.path("arguments").asText())
                            .setOutputJson(item.path("output").asText());
                    try {
                        JSON.readTree(item.path("output").asText()).forEach(hit -> call.addDocids(hit.path("docid").asText()));
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                    events.add(AgentEvent.newBuilder().setCall(call).build().toByteArray());
                    calls++;
                } else {
                    events.add(AgentEvent.newBuilder().setAnswer(AgentAnswer.newBuilder().setRunId(runId).setQueryId(query)
                            .setText(item.path("output").asText())).build().toByteArray());
                }
            }
        }
        events.add(AgentEvent.newBuilder().setClosed(AgentRunClosed.newBuilder().setRunId(runId).setCalls(calls)
                .setAnswers(traces.size()).setClosedAtEpochMs(1_767_225_600_000L)).build().toByteArray());
        return events;
    }
}
