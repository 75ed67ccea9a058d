package io.clirbench.eval.pipeline;

import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.HashMap;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * The consumers of every pillar's topics, one record at a time ({@code @Blocking}, ordered): the channel's
 * {@link TopicAdapter} applies it in one database transaction, and the record is acknowledged after it commits
 * (at-least-once). A poison record goes, with its reason, to the channel's dead letters and nothing is stored. Any
 * other failure (the database) fails the channel: the record is redelivered after a restart.
 */
@ApplicationScoped
public class EventConsumers {

    private final DeadLetters deadLetters;
    private final Map<String, TopicAdapter> adapters = new HashMap<>();

    public EventConsumers(DeadLetters deadLetters, Instance<TopicAdapter> adapters) {
        this.deadLetters = deadLetters;
        adapters.forEach(a -> this.adapters.put(a.channel(), a));
    }

    @Incoming(EvalChannels.RUNS)
    @Blocking
    public void runs(ConsumerRecord<String, byte[]> record) {
        consume(EvalChannels.RUNS, record);
    }

    @Incoming(EvalChannels.QUERY_RESULTS)
    @Blocking
    public void queryResults(ConsumerRecord<String, byte[]> record) {
        consume(EvalChannels.QUERY_RESULTS, record);
    }

    @Incoming(EvalChannels.QA_PREDICTIONS)
    @Blocking
    public void qaPredictions(ConsumerRecord<String, byte[]> record) {
        consume(EvalChannels.QA_PREDICTIONS, record);
    }

    @Incoming(EvalChannels.AGENT_CALLS)
    @Blocking
    public void agentCalls(ConsumerRecord<String, byte[]> record) {
        consume(EvalChannels.AGENT_CALLS, record);
    }

    private void consume(String channel, ConsumerRecord<String, byte[]> record) {
        TopicAdapter adapter = adapters.get(channel);
        if (adapter == null) {
            throw new IllegalStateException("no adapter for channel '" + channel + "' (known: " + adapters.keySet() + ")");
        }
        try {
            adapter.apply(record.value());
        } catch (PoisonEventException e) {
            deadLetters.send(adapter.deadLetterChannel(), record.key(), record.value(), e.reason());
        }
    }
}
