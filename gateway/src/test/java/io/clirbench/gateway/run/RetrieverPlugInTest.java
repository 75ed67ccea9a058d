package io.clirbench.gateway.run;

import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.run.TestRuns.results;
import static io.clirbench.gateway.run.TestRuns.runEvents;
import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.run.RandomRun;
import io.clirbench.core.run.RankedList;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.gateway.retriever.SeededRandomRetriever;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunEvent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * A retriever kind defined only in the tests ({@link SeededRandomRetriever}: an id record, a syntax bean and
 * a Retriever bean) runs next to bm25 through the registry: the orchestrator has no line about it.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class RetrieverPlugInTest {

    @Test
    void aKindRegisteredAsABeanRunsThroughTheOrchestratorUnchanged() throws Exception {
        TestRuns.register("plugin");
        Dataset d = TestDatasets.sample();
        int queries = d.queries().size();
        String id = TestRuns.submit("plugin", List.of("bm25", "random(7)"));
        JsonPath run = awaitState(id, "COMPLETED");
        assertThat(run.getList("retrievers.id", String.class)).containsExactly("bm25", "random(7)");
        assertThat(run.getList("retrievers.state", String.class)).containsExactly("PUBLISHED", "PUBLISHED");
        assertThat(run.getInt("retrievers[1].queriesPublished")).isEqualTo(queries);

        List<RunEvent> events = runEvents(id);
        assertThat(events.get(0).getStarted().getRetrieversList()).extracting(r -> r.getId() + " " + r.getKind())
                .containsExactly("bm25 bm25", "random(7) " + SeededRandomRetriever.KIND);
        assertThat(events.get(1).getCompleted().getPublishedQueriesMap())
                .isEqualTo(Map.of("bm25", queries, "random(7)", queries));

        // Every query got a ranked list of depth distinct corpus documents scored depth..1: the lists of
        // bench-core's random baseline for seed 7, delivered unchanged through the port and Kafka.
        Set<String> corpus = d.corpus().stream().map(Document::id).collect(Collectors.toSet());
        Map<String, QueryResult> byQuery = new HashMap<>();
        for (QueryResult r : results(id)) {
            if (r.getRetrieverId().equals("random(7)")) {
                byQuery.put(r.getQueryId(), r);
            }
        }
        assertThat(byQuery).hasSize(queries);
        Map<String, RankedList> expected = new HashMap<>();
        RandomRun.generate(d, TestRuns.DEPTH, 7, l -> expected.put(l.queryId(), l));
        for (QueryResult r : byQuery.values()) {
            List<String> docs = r.getHitsList().stream().map(h -> h.getDocId()).toList();
            assertThat(docs).hasSize(TestRuns.DEPTH).doesNotHaveDuplicates();
            assertThat(corpus).containsAll(new HashSet<>(docs));
            assertThat(r.getHitsList()).extracting(h -> h.getScore())
                    .containsExactly(10.0, 9.0, 8.0, 7.0, 6.0, 5.0, 4.0, 3.0, 2.0, 1.0);
            assertThat(docs).containsExactly(expected.get(r.getQueryId()).docIds());
        }
    }

    @Test
    void theTestKindsSyntaxJoinsTheGrammarAndItsErrorsNameTheValue() {
        given().contentType(ContentType.JSON).body(Map.of("dataset", "plugin-none", "retrievers", List.of("random(x)", "y")))
                .when().post("/api/runs").then().statusCode(400)
                .body("errors.value", hasItem("random(x)"))
                .body("detail", containsString("seed 'x' is not an integer"))
                .body("detail", containsString("random(SEED) | bm25 | bm25(plain|stem+plain) | MODEL+align/INDEX | MODEL/sparse | MODEL/maxsim | MODEL/INDEX (INDEX: exact, hnsw, qdrant)"));
    }
}
