package io.clirbench.gateway.run;

import static io.clirbench.gateway.peers.PeersResource.calls;
import static io.clirbench.gateway.peers.PeersResource.vectors;
import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.run.TestRuns.results;
import static io.clirbench.gateway.run.TestRuns.runEvents;
import static io.clirbench.gateway.run.TestRuns.submit;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.model.Dataset;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunEvent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Embed retries over the replicas of a model (README "One run", step 3), against the test peers of
 * {@link PeersResource}: {@code retry-model} = [a peer refusing every Embed with UNAVAILABLE, a
 * healthy peer], {@code solo-model} = [a healthy peer], {@code down-model} = [two refusing peers].
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class EmbedRetryTest {

    /** Per-peer Embed calls and returned vectors (injected by PeersResource). */
    Map<String, AtomicInteger> peerCounts;

    /** 24 families: hundreds of texts, so many batches are in line at once while one replica refuses them. */
    private static final Dataset DATASET = TestDatasets.sample(24);
    private static boolean registered;

    @BeforeEach
    void registerDatasetOnce() throws Exception {
        if (!registered) {
            TestRuns.register("retry", DATASET);
            registered = true;
        }
    }

    @Test
    void batchesRefusedByOneReplicaAreEmbeddedByTheOtherWithTheSameResults() {
        Dataset d = DATASET;
        // each distinct text is embedded once per role (the cache dedups): title, blank line, text for documents
        int docs = (int) d.corpus().stream()
                .map(doc -> doc.title() == null || doc.title().isBlank() ? doc.text() : doc.title() + "\n\n" + doc.text())
                .distinct().count();
        int queries = (int) d.queries().stream().map(q -> q.text()).distinct().count();
        int texts = docs + queries;
        int refusedBefore = count(calls("retry-refusing"));
        int healthyCallsBefore = count(calls("retry-healthy"));
        int healthyVectorsBefore = count(vectors("retry-healthy"));

        String retried = submit("retry", List.of("retry-model/exact"));
        awaitState(retried, "COMPLETED");

        // the refusing peer is listed first, so it is asked at least once; it never returns a vector
        assertThat(count(calls("retry-refusing"))).isGreaterThan(refusedBefore);
        assertThat(count(vectors("retry-refusing"))).isZero();
        // every text once, from the healthy peer: batches of 32 documents, then of 32 queries
        assertThat(count(vectors("retry-healthy")) - healthyVectorsBefore).isEqualTo(texts);
        assertThat(count(calls("retry-healthy")) - healthyCallsBefore)
                .isEqualTo(ceil(docs, 32) + ceil(queries, 32));

        // the same texts through a healthy peer alone: identical rankings and scores
        String alone = submit("retry", List.of("solo-model/exact"));
        awaitState(alone, "COMPLETED");
        assertThat(count(vectors("solo"))).isEqualTo(texts);
        Map<String, String> viaRetries = rankings(results(retried));
        assertThat(viaRetries).hasSize(d.queries().size());
        assertThat(viaRetries).isEqualTo(rankings(results(alone)));
    }

    @Test
    void everyReplicaRefusingFailsTheRunNamingModelAndStatus() {
        String id = submit("retry", List.of("down-model/exact"));
        String message = awaitState(id, "FAILED").getString("message");

        assertThat(message).contains("retriever 'down-model/exact' failed", "model 'down-model'", "UNAVAILABLE");
        List<RunEvent> events = runEvents(id);
        assertThat(events).hasSize(2);
        assertThat(events.get(0).hasStarted()).isTrue();
        RunCompleted completed = events.get(1).getCompleted();
        assertThat(completed.getOutcome()).isEqualTo(RunCompleted.Outcome.FAILED);
        assertThat(completed.getMessage()).isEqualTo(message);
        assertThat(results(id)).isEmpty();
        assertThat(count(vectors("down-1")) + count(vectors("down-2"))).isZero();

        // nothing is left holding the run executor: the next run goes through
        awaitState(submit("retry", List.of("bm25")), "COMPLETED");
    }

    private int count(String key) {
        return peerCounts.get(key).get();
    }

    /** Query id → "doc:score doc:score …" in rank order. */
    private static Map<String, String> rankings(List<QueryResult> results) {
        Map<String, String> out = new TreeMap<>();
        for (QueryResult r : results) {
            StringBuilder b = new StringBuilder();
            r.getHitsList().forEach(h -> b.append(h.getDocId()).append(':').append(h.getScore()).append(' '));
            out.put(r.getQueryId(), b.toString());
        }
        return out;
    }

    private static int ceil(int n, int d) {
        return (n + d - 1) / d;
    }
}
