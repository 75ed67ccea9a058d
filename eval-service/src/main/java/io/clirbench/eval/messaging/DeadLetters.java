package io.clirbench.eval.messaging;

import io.quarkus.logging.Log;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * Sends poison events, unchanged, to {@code <topic>.dlt} with a UTF-8 {@code reason} header, and
 * waits for the broker's acknowledgement, so the original is only acknowledged after its dead letter.
 */
@ApplicationScoped
public class DeadLetters {

    private final MutinyEmitter<byte[]> runs;
    private final MutinyEmitter<byte[]> queryResults;

    public DeadLetters(@Channel(EvalChannels.RUNS_DLT) MutinyEmitter<byte[]> runs,
                       @Channel(EvalChannels.QUERY_RESULTS_DLT) MutinyEmitter<byte[]> queryResults) {
        this.runs = runs;
        this.queryResults = queryResults;
    }

    public void runEvent(String key, byte[] value, String reason) {
        send(runs, "runs.v1.dlt", key, value, reason);
    }

    public void queryResult(String key, byte[] value, String reason) {
        send(queryResults, "query-results.v1.dlt", key, value, reason);
    }

    private static void send(MutinyEmitter<byte[]> emitter, String topic, String key, byte[] value, String reason) {
        Log.warnf("dead letter to %s (key %s): %s", topic, key, reason);
        RecordHeaders headers = new RecordHeaders();
        headers.add(EvalChannels.REASON_HEADER, reason.getBytes(StandardCharsets.UTF_8));
        OutgoingKafkaRecordMetadata<String> metadata = OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(key).withHeaders(headers).build();
        emitter.sendMessageAndAwait(Message.of(value == null ? new byte[0] : value).addMetadata(metadata));
    }
}
