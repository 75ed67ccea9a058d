package io.clirbench.eval.pipeline;

import io.quarkus.logging.Log;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * Sends poison events of every pillar, bytes unchanged and keyed as they came, to their {@code <topic>.dlt} with a
 * UTF-8 {@code reason} header, and waits for the broker's acknowledgement, so the original is only acknowledged after
 * its dead letter.
 */
@ApplicationScoped
public class DeadLetters {

    private final Map<String, MutinyEmitter<byte[]>> emitters;

    public DeadLetters(@Channel(EvalChannels.RUNS_DLT) MutinyEmitter<byte[]> runs,
                       @Channel(EvalChannels.QUERY_RESULTS_DLT) MutinyEmitter<byte[]> queryResults,
                       @Channel(EvalChannels.QA_PREDICTIONS_DLT) MutinyEmitter<byte[]> qaPredictions,
                       @Channel(EvalChannels.AGENT_CALLS_DLT) MutinyEmitter<byte[]> agentCalls) {
        this.emitters = Map.of(EvalChannels.RUNS_DLT, runs, EvalChannels.QUERY_RESULTS_DLT, queryResults,
                EvalChannels.QA_PREDICTIONS_DLT, qaPredictions, EvalChannels.AGENT_CALLS_DLT, agentCalls);
    }

    /** Sends {@code value} to the dead-letter channel {@code channel} (one of {@link EvalChannels}' {@code *_DLT}). */
    public void send(String channel, String key, byte[] value, String reason) {
        MutinyEmitter<byte[]> emitter = emitters.get(channel);
        if (emitter == null) {
            throw new IllegalArgumentException("no dead-letter channel '" + channel + "' (known: " + emitters.keySet() + ")");
        }
        Log.warnf("dead letter to %s (key %s): %s", channel, key, reason);
        RecordHeaders headers = new RecordHeaders();
        headers.add(EvalChannels.REASON_HEADER, reason.getBytes(StandardCharsets.UTF_8));
        OutgoingKafkaRecordMetadata<String> metadata = OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(key).withHeaders(headers).build();
        emitter.sendMessageAndAwait(Message.of(value == null ? new byte[0] : value).addMetadata(metadata));
    }
}
