package io.clirbench.gateway.run;

import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.run.TestRuns.results;
import static io.clirbench.gateway.run.TestRuns.submit;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.FakeEmbedder;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.Hit;
import io.clirbench.proto.events.v1.QueryResult;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code rerank(bm25, test-model, K)} through the gateway against the test peers: every query's published list is
 * bm25's published list with its top K re-ordered by the cosine of the test embedder's vectors of the query's text
 * and of each document's indexed text (ties by document id), and the rest of bm25's list after them, in its order.
 * The expected order is computed here from {@link FakeEmbedder}'s vectors (the peer's definition), not by the
 * retriever's code.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class RerankRunTest {

    private static final int K = 5;
    private static final String RERANK = "rerank(bm25," + FakeEmbedder.MODEL + "," + K + ")";

    @Test
    void theTopKOfTheFirstStageIsReorderedByTheEncodersSimilarityAndTheRestKeepsItsOrder() throws Exception {
        // texts marked: nothing of this run reaches another test's embedding cache, nor theirs this one
        Dataset dataset = RunQueueTest.marked(TestDatasets.sample(4), "rerankrun");
        TestRuns.register("rerank-run", dataset);
        String id = submit("rerank-run", List.of("bm25", RERANK));
        awaitState(id, "COMPLETED");

        Map<String, List<String>> bm25 = new HashMap<>();
        Map<String, List<String>> reranked = new HashMap<>();
        for (QueryResult r : results(id)) {
            List<String> ids = r.getHitsList().stream().map(Hit::getDocId).toList();
            (r.getRetrieverId().equals("bm25") ? bm25 : reranked).put(r.getQueryId(), ids);
        }
        assertThat(bm25).hasSize(dataset.queries().size());
        assertThat(reranked).hasSize(dataset.queries().size());

        Map<String, String> texts = new HashMap<>();
        for (Document d : dataset.corpus()) {
            texts.put(d.id(), d.indexedText());
        }
        int reordered = 0;
        for (Query q : dataset.queries()) {
            List<String> first = bm25.get(q.id());
            int pool = Math.min(K, first.size());
            float[] query = FakeEmbedder.vector(q.text());
            List<String> top = new ArrayList<>(first.subList(0, pool));
            top.sort(Comparator.comparingDouble((String d) -> -cosine(query, FakeEmbedder.vector(texts.get(d))))
                    .thenComparing(d -> d));
            List<String> expected = new ArrayList<>(top);
            expected.addAll(first.subList(pool, first.size()));
            assertThat(reranked.get(q.id())).as("query %s", q.id()).isEqualTo(expected);
            reordered += top.equals(first.subList(0, pool)) ? 0 : 1;
        }
        // the check means something: the encoder reorders the first stage's top K of some queries
        assertThat(reordered).isPositive();
    }

    /** Cosine as a bi-encoder re-ranker scores: float products summed in double. */
    private static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
            na += a[i] * a[i];
            nb += b[i] * b[i];
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }
}
