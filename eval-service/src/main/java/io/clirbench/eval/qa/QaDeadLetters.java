package io.clirbench.eval.qa;

import io.clirbench.eval.messaging.EvalChannels;
import io.quarkus.logging.Log;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;

/** Sends poison QA events, unchanged, to {@code qa-predictions.v1.dlt} with a UTF-8 {@code reason} header, awaiting the ack. */
@ApplicationScoped
public class QaDeadLetters {

    /** The outgoing channel of the dead-letter topic. */
    public static final String CHANNEL = "qa-predictions-dlt";

    private final MutinyEmitter<byte[]> emitter;

    public QaDeadLetters(@Channel(CHANNEL) MutinyEmitter<byte[]> emitter) {
        this.emitter = emitter;
    }

    public void send(String key, byte[] value, String reason) {
        Log.warnf("dead letter to qa-predictions.v1.dlt (key %s): %s", key, reason);
        RecordHeaders headers = new RecordHeaders();
        headers.add(EvalChannels.REASON_HEADER, reason.getBytes(StandardCharsets.UTF_8));
        OutgoingKafkaRecordMetadata<String> metadata = OutgoingKafkaRecordMetadata.<String>builder()
                .withKey(key).withHeaders(headers).build();
        emitter.sendMessageAndAwait(Message.of(value == null ? new byte[0] : value).addMetadata(metadata));
    }
}
