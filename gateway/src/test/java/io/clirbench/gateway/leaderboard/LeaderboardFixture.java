package io.clirbench.gateway.leaderboard;

import static io.clirbench.gateway.TestAuth.given;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Query;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.gateway.run.RunLifecycle;
import io.clirbench.gateway.run.RunSnapshot;
import io.clirbench.gateway.run.RunSnapshotStore;
import io.restassured.http.ContentType;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * What the leaderboard tests set up: a registered dataset (12 xquad-clir families, each with queries in several languages),
 * COMPLETED runs stored as the gateway stores them, and for each the report.json the eval-service stand-in serves
 * (written here in the layout of README "Report JSON": dataset.hash, runs[].name, runs[].standard.measureNames/perQuery).
 */
final class LeaderboardFixture {

    static final List<String> MEASURES = List.of("nDCG@10", "R@100", "MRR@10");
    private static final ObjectMapper JSON = new ObjectMapper();

    final String datasetId;
    final Dataset dataset;
    final String hash;
    private final RunSnapshotStore store;

    /** Registers the 12-family sample under {@code datasetId}. */
    LeaderboardFixture(String datasetId, RunSnapshotStore store) throws Exception {
        this.datasetId = datasetId;
        this.dataset = TestDatasets.sample(12);
        this.store = store;
        given().contentType(ContentType.JSON).body(Map.of("path", TestDatasets.write(datasetId, dataset).toString()))
                .post("/api/datasets").then().statusCode(201);
        this.hash = given().get("/api/datasets/" + datasetId).then().statusCode(200).extract().path("contentHash");
    }

    /** A retriever's values on every query: nDCG@10, R@100, MRR@10. */
    record Scores(String retriever, ToDoubleFunction<Query> ndcg10, ToDoubleFunction<Query> r100, ToDoubleFunction<Query> mrr10) {
    }

    /** Stores a COMPLETED run of this dataset with these retrievers; its report names {@code reportHash}. */
    String completedRun(String reportHash, Scores... retrievers) throws Exception {
        String id = completedRun(datasetId, List.of(retrievers).stream().map(Scores::retriever).toList());
        PeersResource.REPORT_JSON.put(id, report(reportHash, retrievers));
        return id;
    }

    /** Stores a COMPLETED run of {@code dataset} whose report the eval-service stand-in does not have (404). */
    String completedRun(String datasetOfRun, List<String> retrievers) {
        RunSnapshot queued = RunSnapshot.queued(datasetOfRun, dataset.info().version(), 100, 42, 0, retrievers.stream()
                .map(r -> RunSnapshot.RetrieverSnapshot.queued(io.clirbench.core.search.RetrieverId.parseAnyKind(r), dataset.corpus().size(), dataset.queries().size()))
                .toList());
        RunSnapshot done = queued.withState(RunLifecycle.COMPLETED, null, Instant.now().toString());
        store.insert(done, Map.of("dataset", datasetOfRun, "retrievers", retrievers));
        return done.id();
    }

    private String report(String reportHash, Scores... retrievers) throws Exception {
        ObjectNode report = JSON.createObjectNode().put("tool", "clirbench test");
        report.putObject("dataset").put("id", datasetId).put("hash", reportHash);
        ArrayNode runs = report.putArray("runs");
        for (Scores s : retrievers) {
            ObjectNode run = runs.addObject().put("name", s.retriever());
            ObjectNode standard = run.putObject("standard");
            MEASURES.forEach(standard.putArray("measureNames")::add);
            ObjectNode perQuery = standard.putObject("perQuery");
            for (Query q : dataset.queries()) {
                perQuery.putArray(q.id()).add(s.ndcg10().applyAsDouble(q)).add(s.r100().applyAsDouble(q))
                        .add(s.mrr10().applyAsDouble(q));
            }
        }
        return JSON.writeValueAsString(report);
    }
}
