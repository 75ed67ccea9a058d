package io.clirbench.gateway.run;

import static io.clirbench.gateway.run.TestRuns.await;
import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Retriever phases with the counts inside each, over REST, SSE and the run page, on {@code slow-model}
 * (each Embed call takes 2 s, so each embedding pass is seen while it waits).
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class RetrieverPhasesTest {

    /** The sample with texts no other test embeds (the embedding cache would answer at once otherwise). */
    private static Dataset uniqueTexts() {
        Dataset s = TestDatasets.sample();
        List<Document> docs = s.corpus().stream().map(d -> new Document(d.id(), d.title(), "phases " + d.text(), d.lang(),
                d.family(), d.metadata())).toList();
        List<io.clirbench.core.model.Query> queries = s.queries().stream().map(q -> new io.clirbench.core.model.Query(
                q.id(), "phases " + q.text(), q.lang(), q.family(), q.metadata())).toList();
        return new Dataset(s.info(), docs, queries, s.qrels());
    }

    @Test
    void aDenseRunShowsDocumentTextsThenQueryTextsThenPublishedQueries() throws Exception {
        Dataset d = uniqueTexts();
        TestRuns.register("phases", d);
        int docs = d.corpus().size();
        int queries = d.queries().size();
        String id = TestRuns.submit("phases", List.of("slow-model/exact", "bm25"));

        JsonPath documents = await(id, "embedding documents", run -> "EMBEDDING".equals(run.getString("retrievers[0].state"))
                && run.getInt("retrievers[0].documentsIndexed") == 0);
        assertThat(documents.getString("retrievers[0].progress.unit")).isEqualTo("texts");
        assertThat(documents.getInt("retrievers[0].progress.total")).isEqualTo(docs);
        assertThat(documents.getString("retrievers[0].progress.text"))
                .matches("embedded \\d+ / " + docs + " document texts");
        assertThat(documents.getString("retrievers[1].state")).isEqualTo("QUEUED");
        assertThat(documents.getString("retrievers[1].progress.text")).isEqualTo("queued");
        given().get("/runs/" + id).then().statusCode(200).body(containsString(" / " + docs + " document texts"));

        // after INDEXING (every document in the collection) the same phase counts the query texts
        JsonPath queryTexts = await(id, "embedding queries", run -> "EMBEDDING".equals(run.getString("retrievers[0].state"))
                && run.getInt("retrievers[0].documentsIndexed") == docs);
        assertThat(queryTexts.getInt("retrievers[0].documentsEmbedded")).isEqualTo(docs);
        assertThat(queryTexts.getInt("retrievers[0].progress.total")).isEqualTo(queries);
        assertThat(queryTexts.getString("retrievers[0].progress.text")).matches("embedded \\d+ / " + queries + " query texts");

        JsonPath done = awaitState(id, "COMPLETED");
        for (int i = 0; i < 2; i++) {
            String r = "retrievers[" + i + "].";
            assertThat(done.getString(r + "state")).isEqualTo("PUBLISHED");
            assertThat(done.getInt(r + "documentsIndexed")).isEqualTo(docs);
            assertThat(done.getInt(r + "progress.done")).isEqualTo(queries);
            assertThat(done.getInt(r + "progress.total")).isEqualTo(queries);
            assertThat(done.getString(r + "progress.unit")).isEqualTo("queries");
            assertThat(done.getString(r + "progress.text")).isEqualTo("published " + queries + " / " + queries + " queries");
        }
        given().get("/api/runs/" + id + "/events").then().statusCode(200)
                .body(containsString("\"progress\":{\"done\":" + queries + ",\"total\":" + queries + ",\"unit\":\"queries\""));
        given().get("/").then().statusCode(200).body(containsString("class=\"phase\""));
    }
}
