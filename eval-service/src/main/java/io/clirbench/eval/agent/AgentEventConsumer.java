package io.clirbench.eval.agent;

import io.clirbench.eval.evaluation.PoisonEventException;
import io.clirbench.eval.messaging.EvalChannels;
import io.quarkus.logging.Log;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.annotations.Blocking;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.eclipse.microprofile.reactive.messaging.Message;

/**
 * Consumes agent-calls.v1 one record at a time, acknowledged after its transaction commits (at-least-once; the
 * store is idempotent); poison events go, unchanged, to agent-calls.v1.dlt with a {@code reason} header.
 */
@ApplicationScoped
public class AgentEventConsumer {

    private final AgentEventHandler handler;
    private final MutinyEmitter<byte[]> deadLetters;

    public AgentEventConsumer(AgentEventHandler handler,
                              @Channel(AgentChannels.AGENT_CALLS_DLT) MutinyEmitter<byte[]> deadLetters) {
        this.handler = handler;
        this.deadLetters = deadLetters;
    }

    @Incoming(AgentChannels.AGENT_CALLS)
    @Blocking
    public void consume(ConsumerRecord<String, byte[]> record) {
        try {
            handler.onEvent(record.value());
        } catch (PoisonEventException e) {
            Log.warnf("dead letter to agent-calls.v1.dlt (key %s): %s", record.key(), e.reason());
            RecordHeaders headers = new RecordHeaders();
            headers.add(EvalChannels.REASON_HEADER, e.reason().getBytes(StandardCharsets.UTF_8));
            deadLetters.sendMessageAndAwait(Message.of(record.value() == null ? new byte[0] : record.value())
                    .addMetadata(OutgoingKafkaRecordMetadata.<String>builder().withKey(record.key()).withHeaders(headers).build()));
        }
    }
}
