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
import io.clirbench.core.qa.select.OracleSelector;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.qa.v1.Fact;
import io.clirbench.proto.qa.v1.QaEvent;
import io.clirbench.proto.qa.v1.QaRunCompleted;
import io.clirbench.proto.qa.v1.QaRunStarted;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;

/**
 * qa-predictions.v1 through the real broker into the eval-service: identical redeliveries change nothing; a
 * conflicting duplicate, an unknown system, an unknown instance and unparseable bytes go to the dead-letter topic
 * with their reason; the report is built once every published prediction is in. The oracle system predicts the gold
 * support, so its support F1 must be 1 (independent of the code under test); the exported predictions read back
 * equal to what was sent.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class QaPredictionsFlowTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String TOPIC = "qa-predictions.v1";

    @Test
    void predictionsAreStoredOnceEvaluatedAndPoisonIsDeadLettered() throws Exception {
        Path source = Path.of("..", "datasets", "xquad-mix").toAbsolutePath().normalize();
        List<QaInstance> instances = QaSample.bySource(QaDatasetReader.readAll(source), 1, 5);
        QaDatasetInfo base = QaDatasetReader.open(source).info();
        QaDatasetInfo info = new QaDatasetInfo("xquad-mix-one", base.name(), base.version(), base.license(), base.source(), base.languages());
        Path dir = Files.createTempDirectory("qa-flow-");
        QaDatasetWriter.write(info, instances, dir);

        String runId = "qa-" + UUID.randomUUID();
        List<String> systems = List.of("select:lexical", "oracle");
        QaRunStarted started = QaRunStarted.newBuilder().setRunId(runId).setDatasetId(info.id()).setDatasetVersion(info.version())
                .setDatasetLocation(dir.toString()).addAllSystems(systems).setExpectedInstances(instances.size()).setProtocol("unicode")
                .setSeed(42).setBootstrap(200).build();
        List<io.clirbench.proto.qa.v1.QaPrediction> lexical = new ArrayList<>();
        List<io.clirbench.proto.qa.v1.QaPrediction> oracle = new ArrayList<>();
        for (QaInstance i : instances) {
            lexical.add(event(runId, "select:lexical", LexicalSelector.predict(i)));
            oracle.add(event(runId, "oracle", OracleSelector.predict(i)));
        }
        var conflicting = lexical.get(0).toBuilder().setAnswer("something else").build();
        // a resumed gateway's redo: the same prediction, another latency; it is kept once and is no dead letter (sent before the four bad
        // events of the same key, so were it dead-lettered it would be among the first four letters and one expected reason would be missing)
        var retimed = lexical.get(4).toBuilder().setLatencyMicros(lexical.get(4).getLatencyMicros() + 12_345).build();
        var unknownSystem = lexical.get(1).toBuilder().setSystem("select:nobody").build();
        var unknownInstance = lexical.get(2).toBuilder().setInstanceId("no-such-instance").build();
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, TOPIC, runId, QaEvent.newBuilder().setStarted(started).build().toByteArray());
            TestKafka.send(producer, TOPIC, runId, QaEvent.newBuilder().setStarted(started).build().toByteArray()); // redelivered
            for (int k = 0; k < instances.size(); k++) {
                TestKafka.send(producer, TOPIC, runId, QaEvent.newBuilder().setPrediction(lexical.get(k)).build().toByteArray());
                TestKafka.send(producer, TOPIC, runId, QaEvent.newBuilder().setPrediction(oracle.get(k)).build().toByteArray());
            }
            TestKafka.send(producer, TOPIC, runId, QaEvent.newBuilder().setPrediction(lexical.get(3)).build().toByteArray()); // duplicate
            TestKafka.send(producer, TOPIC, runId, QaEvent.newBuilder().setPrediction(retimed).build().toByteArray());
            TestKafka.send(producer, TOPIC, runId, QaEvent.newBuilder().setPrediction(conflicting).build().toByteArray());
            TestKafka.send(producer, TOPIC, runId, QaEvent.newBuilder().setPrediction(unknownSystem).build().toByteArray());
            TestKafka.send(producer, TOPIC, runId, QaEvent.newBuilder().setPrediction(unknownInstance).build().toByteArray());
            TestKafka.send(producer, TOPIC, runId, new byte[] {(byte) 0xff, 0x01});
            TestKafka.send(producer, TOPIC, runId, QaEvent.newBuilder().setCompleted(QaRunCompleted.newBuilder().setRunId(runId)
                    .setOutcome(QaRunCompleted.Outcome.SUCCEEDED).putPublished("select:lexical", instances.size())
                    .putPublished("oracle", instances.size())).build().toByteArray());
        }
        List<TestKafka.DeadLetter> letters = TestKafka.deadLetters("qa-predictions.v1.dlt", l -> runId.equals(l.key()), 4);
        assertThat(letters).extracting(TestKafka.DeadLetter::reason).hasSize(4).satisfiesExactlyInAnyOrder(
                r -> assertThat(r).contains("conflicting duplicate").contains(lexical.get(0).getInstanceId()),
                r -> assertThat(r).contains("unknown system 'select:nobody'"),
                r -> assertThat(r).contains("instance 'no-such-instance' is not in dataset"),
                r -> assertThat(r).contains("not a QaEvent protobuf"));

        JsonNode status = awaitCompleted(runId);
        for (JsonNode s : status.path("systems")) {
            assertThat(s.path("received").asInt()).as(s.toString()).isEqualTo(instances.size());
        }
        JsonNode report = JSON.readTree(given().get("/api/qa-runs/" + runId + "/report").then().statusCode(200).extract().asString());
        JsonNode oracleReport = report.path("systems").get(1);
        assertThat(oracleReport.path("name").asText()).isEqualTo("oracle");
        // gold support predicted exactly: support F1 = 1 on every instance, so every support interval is [1, 1]
        for (JsonNode i : oracleReport.path("intervals")) {
            if (i.path("f1").asText().equals("support")) {
                assertThat(i.path("macro").asDouble()).as(i.toString()).isEqualTo(1.0);
            }
        }
        String exported = given().get("/api/qa-runs/" + runId + "/predictions?system=select:lexical").then().statusCode(200)
                .extract().asString();
        String[] lines = exported.strip().split("\n");
        assertThat(lines).hasSize(instances.size());
        JsonNode first = JSON.readTree(lines[0]);
        var sentFirst = lexical.stream().min(Comparator.comparing(io.clirbench.proto.qa.v1.QaPrediction::getInstanceId)).orElseThrow();
        assertThat(first.path("id").asText()).isEqualTo(sentFirst.getInstanceId());
        assertThat(first.path("supporting_facts").get(0).path("paragraph_id").asText())
                .isEqualTo(sentFirst.getSupportingFacts(0).getParagraphId());
        given().get("/api/qa-runs/" + runId + "/files/report.html").then().statusCode(200);
        given().get("/api/qa-runs/no-such-run").then().statusCode(404);
    }

    private static io.clirbench.proto.qa.v1.QaPrediction event(String runId, String system, QaPrediction p) {
        var b = io.clirbench.proto.qa.v1.QaPrediction.newBuilder().setRunId(runId).setSystem(system).setInstanceId(p.id())
                .setAnswer(p.answer() == null ? "" : p.answer());
        p.support().stream().sorted(Comparator.comparing(FactKey::paragraphId).thenComparingInt(FactKey::sentenceId))
                .forEach(f -> b.addSupportingFacts(Fact.newBuilder().setParagraphId(f.paragraphId()).setSentenceId(f.sentenceId())));
        return b.build();
    }

    private static JsonNode awaitCompleted(String runId) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        String last = "nothing";
        while (System.nanoTime() < deadline) {
            var r = given().get("/api/qa-runs/" + runId);
            if (r.statusCode() == 200) {
                last = r.asString();
                JsonNode node = JSON.readTree(last);
                if (node.path("state").asText().equals("COMPLETED")) {
                    return node;
                }
                assertThat(node.path("state").asText()).as(last).isNotEqualTo("FAILED");
            }
            Thread.sleep(200);
        }
        throw new AssertionError("QA run " + runId + " did not complete; last seen: " + last);
    }
}
