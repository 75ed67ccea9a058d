package io.clirbench.gateway.run;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.gateway.messaging.RunEventPublisher;
import io.clirbench.proto.events.v1.Hit;
import io.clirbench.proto.events.v1.QueryResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.RecordMetadata;

/** What the retrievers of one run share: the dataset, the tracker and the pending Kafka sends. */
final class RunContext {

    final RunTracker tracker;
    final Dataset dataset;
    final int depth;
    private final RunEventPublisher publisher;
    private final List<Future<RecordMetadata>> pending = new ArrayList<>();

    RunContext(RunTracker tracker, Dataset dataset, int depth, RunEventPublisher publisher) {
        this.tracker = tracker;
        this.dataset = dataset;
        this.depth = depth;
        this.publisher = publisher;
    }

    /** The text a document is embedded or indexed with: title, blank line, text (or the text alone). */
    static String documentText(Document d) {
        return d.title() == null || d.title().isBlank() ? d.text() : d.title() + "\n\n" + d.text();
    }

    /** Index-service collection names match {@code [A-Za-z0-9][A-Za-z0-9._-]{0,127}}. */
    static String collectionName(String... parts) {
        String name = String.join("__", parts).replaceAll("[^A-Za-z0-9._-]", "-");
        if (!Character.isLetterOrDigit(name.charAt(0))) {
            name = "c" + name;
        }
        return name.length() > 128 ? name.substring(0, 128) : name;
    }

    /** Sends one query's result list (the send is confirmed later, in {@link #awaitPublished()}). */
    void publish(RunTracker.Progress progress, String retrieverId, String queryId, List<Hit> hits, long latencyMicros) {
        long t0 = System.nanoTime();
        QueryResult result = QueryResult.newBuilder().setRunId(tracker.id()).setRetrieverId(retrieverId)
                .setQueryId(queryId).addAllHits(hits).setLatencyMicros(latencyMicros).build();
        synchronized (pending) {
            pending.add(publisher.result(result, progress::queryPublished));
        }
        tracker.timed(RunTracker.Phase.PUBLISH, t0);
    }

    /** Waits until the broker confirmed every query result sent (acks=all). */
    void awaitPublished() throws Exception {
        long t0 = System.nanoTime();
        publisher.flush();
        synchronized (pending) {
            for (Future<RecordMetadata> f : pending) {
                f.get();
            }
            pending.clear();
        }
        tracker.timed(RunTracker.Phase.PUBLISH, t0);
    }

    void checkCancelled() throws InterruptedException {
        if (tracker.cancelRequested() || Thread.currentThread().isInterrupted()) {
            throw new InterruptedException("cancelled");
        }
    }
}
