package io.clirbench.gateway.run;

import io.clirbench.gateway.messaging.KafkaSender;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.proto.Topics;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Publishes run events (protobuf bytes keyed by run id) through a {@link KafkaSender} (acks=all, idempotent,
 * 5 ms linger for the bulk of query results). Lifecycle events are sent synchronously; query results return their
 * future, and the orchestrator waits for all of them before it publishes RunCompleted.
 */
@ApplicationScoped
public class RunEventPublisher {


    private final KafkaSender sender;

    RunEventPublisher(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers) {
        this.sender = new KafkaSender(bootstrapServers, KafkaSender.Settings.bulk("gateway"));
    }

    /** RunStarted of {@code run} (messages built by {@link EventMapper}); {@code routes}: retriever id → its dictionary routes;
     * {@code datasetHash}: the content hash of the files read (the eval-service refuses others). */
    public void started(RunSnapshot run, int expectedQueries, String datasetLocation, String datasetHash,
                        List<RetrieverId> retrievers, java.util.Map<String, List<io.clirbench.core.lexicon.Route>> routes,
                        long startedAtEpochMs) {
        var started = EventMapper.started(run, expectedQueries, datasetLocation, retrievers, routes, startedAtEpochMs)
                .toBuilder().setDatasetHash(datasetHash == null ? "" : datasetHash).build();
        sendNow(run.id(), RunEvent.newBuilder().setStarted(started).build().toByteArray());
    }

    public void completed(RunCompletion completion) {
        completed(completion, System.currentTimeMillis());
    }

    /** RunCompleted stamped {@code completedAtEpochMs} (a resumed run sends the stamp it stored before the first send). */
    public void completed(RunCompletion completion, long completedAtEpochMs) {
        var completed = EventMapper.completed(completion, completedAtEpochMs);
        sendNow(completion.runId(), RunEvent.newBuilder().setCompleted(completed).build().toByteArray());
    }

    /** Sends one query's result list; {@code onAck} runs once the broker confirmed it. */
    public Future<RecordMetadata> result(String runId, String retrieverId, RankedList list, long latencyMicros,
                                         Runnable onAck) {
        QueryResult result = EventMapper.result(runId, retrieverId, list, latencyMicros);
        return sender.send(Topics.QUERY_RESULTS, result.getRunId(), result.toByteArray(), onAck);
    }

    public void flush() {
        sender.flush();
    }

    private void sendNow(String key, byte[] value) {
        sender.sendAndWait(Topics.RUNS, key, value);
    }

    @PreDestroy
    void close() {
        sender.close();
    }
}
