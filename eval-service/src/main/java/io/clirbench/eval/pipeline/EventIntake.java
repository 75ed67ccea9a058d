package io.clirbench.eval.pipeline;

import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What every pillar's consumer does with one record: its adapter applies it (one database transaction, acknowledged
 * by the consumer after it commits: at-least-once); a {@link PoisonEventException} sends it to the channel's dead
 * letters with the reason, and nothing is stored. Any other failure (the database) fails the channel: the record is
 * redelivered after a restart.
 */
@ApplicationScoped
public class EventIntake {

    /** A pillar's handling of one record's bytes. */
    @FunctionalInterface
    public interface Handler {
        void apply(byte[] value);
    }

    private final DeadLetters deadLetters;

    public EventIntake(DeadLetters deadLetters) {
        this.deadLetters = deadLetters;
    }

    public void consume(ConsumerRecord<String, byte[]> record, String deadLetterChannel, Handler handler) {
        try {
            handler.apply(record.value());
        } catch (PoisonEventException e) {
            deadLetters.send(deadLetterChannel, record.key(), record.value(), e.reason());
        }
    }
}
