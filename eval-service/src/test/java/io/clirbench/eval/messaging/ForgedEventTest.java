package io.clirbench.eval.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.kafka.KafkaCredentials;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunEvent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.junit.jupiter.api.Test;

/**
 * The reproduction of issue 12: a forged {@code RunCompleted FAILED} for someone else's running run,
 * sent by a client without the broker's credentials (none, or a guessed password), is refused by
 * the broker; the run stays RECEIVING and completes when its genuine events arrive.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class ForgedEventTest {

    private final EvalFixture fixture = EvalFixture.get();

    @Test
    void aForgedFailureFromAClientWithoutCredentialsDoesNotFailARunningRun() throws Exception {
        String runId = "forged-" + UUID.randomUUID();
        try (KafkaProducer<String, byte[]> genuine = TestKafka.producer()) {
            TestKafka.send(genuine, "runs.v1", runId, EvalFixture.event(fixture.started(runId)));
            for (QueryResult result : fixture.results(runId)) {
                TestKafka.send(genuine, "query-results.v1", runId, result.toByteArray());
            }
            assertThat(TestKafka.awaitState(runId, "RECEIVING").getString("state")).isEqualTo("RECEIVING");

            byte[] forged = RunEvent.newBuilder().setCompleted(RunCompleted.newBuilder().setRunId(runId)
                    .setOutcome(RunCompleted.Outcome.FAILED).setMessage("forged failure")
                    .setCompletedAtEpochMs(System.currentTimeMillis())).build().toByteArray();
            try (KafkaProducer<String, byte[]> anonymous = TestKafka.producerWithout(Map.of())) {
                // a plaintext client on the SASL listener never gets metadata: the send times out
                assertThatThrownBy(() -> anonymous.send(new ProducerRecord<>("runs.v1", runId, forged)).get(20, TimeUnit.SECONDS))
                        .hasStackTraceContaining("not present in metadata");
            }
            Map<String, Object> guessed = Map.copyOf(new KafkaCredentials("clirbench-test", "guessed-password").clientProperties());
            try (KafkaProducer<String, byte[]> guesser = TestKafka.producerWithout(guessed)) {
                assertThatThrownBy(() -> guesser.send(new ProducerRecord<>("runs.v1", runId, forged)).get(20, TimeUnit.SECONDS))
                        .hasCauseInstanceOf(SaslAuthenticationException.class);
            }
            // still running after the attempts (a forged event that got through would be consumed within this time)
            Thread.sleep(2000);
            assertThat(TestKafka.awaitState(runId, "RECEIVING").getString("state")).isEqualTo("RECEIVING");

            TestKafka.send(genuine, "runs.v1", runId, fixture.completed(runId));
        }
        JsonPath run = TestKafka.awaitState(runId, "COMPLETED", "FAILED");
        assertThat(run.getString("state")).as(run.prettify()).isEqualTo("COMPLETED");
    }
}
