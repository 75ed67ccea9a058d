package io.clirbench.gateway.run;

import static io.clirbench.gateway.TestAuth.given;
import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.run.TestRuns.results;
import static io.clirbench.gateway.run.TestRuns.runEvents;
import static io.clirbench.gateway.run.TestRuns.submit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.clirbench.core.dataset.DatasetHash;
import io.clirbench.core.model.Document;
import io.clirbench.core.search.IndexKind;
import io.clirbench.gateway.TestAuth;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.TestZips;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;

/**
 * The issue-13 reproductions on the gateway: a dataset edited in place after registration, a deleted dataset
 * directory, a collection filled with other content of the same size, DELETE of datasets and collections.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class DatasetIntegrityTest {

    @Inject
    IndexClient index;

    @Test
    void qrelsEditedInPlaceAreRefusedAtReRegistrationAndAtSubmit() throws Exception {
        Path dir = TestDatasets.write("stale");
        String registered = DatasetHash.of(dir);
        register(dir).statusCode(201).body("contentHash", equalTo(registered));
        register(dir).statusCode(200).body("contentHash", equalTo(registered)); // same files: a no-op
        given().get("/api/datasets/stale").then().statusCode(200).body("contentHash", equalTo(registered));

        editQrels(dir);
        String edited = DatasetHash.of(dir);
        assertThat(edited).isNotEqualTo(registered);
        register(dir).statusCode(409).body("detail", containsString("dataset 'stale' version '"))
                .body("detail", containsString(registered)).body("detail", containsString(edited))
                .body("detail", containsString("new version"));
        given().get("/api/datasets").then().body("find { it.id == 'stale' }.contentHash", equalTo(registered));

        given().contentType(ContentType.JSON).body(Map.of("dataset", "stale", "retrievers", List.of("bm25"), "bootstrap", 0))
                .post("/api/runs").then().statusCode(409).body("detail", containsString(registered))
                .body("detail", containsString(edited));
    }

    @Test
    void runRecordsTheHashInRunStarted() throws Exception {
        Path dir = TestDatasets.write("hashed");
        register(dir).statusCode(201);
        String id = submit("hashed", List.of("bm25"));
        awaitState(id, "COMPLETED");
        assertThat(runEvents(id).get(0).getStarted().getDatasetHash()).isEqualTo(DatasetHash.of(dir));
    }

    @Test
    void deletedDatasetDirectoryFailsFastNamingThePathUnderItsRoot() throws Exception {
        Path dir = TestDatasets.write("gone");
        register(dir).statusCode(201);
        TestDatasets.deleteTree(dir);
        long t0 = System.nanoTime();
        given().contentType(ContentType.JSON).body(Map.of("dataset", "gone", "retrievers", List.of("bm25"), "bootstrap", 0))
                .post("/api/runs").then().statusCode(409).body("detail", containsString(TestDatasets.underRoot(dir)))
                .body("detail", not(containsString(dir.toString()))).body("detail", containsString("cannot be read"));
        assertThat((System.nanoTime() - t0) / 1e9).isLessThan(5.0);
    }

    /**
     * The collection under the run's name is filled beforehand with other vectors (BM25: other texts) for the same
     * document ids, so count and dimension match: the run must rebuild it and publish what a run on a fresh
     * collection published (the first run below, on collections that did not exist).
     */
    @Test
    void collectionsFilledWithOtherContentAreRebuilt() throws Exception {
        Path dir = TestDatasets.write("reuse");
        register(dir).statusCode(201);
        List<String> retrievers = List.of("bm25", "test-model/exact");
        String clean = submit("reuse", retrievers);
        awaitState(clean, "COMPLETED");
        Map<String, String> expected = hits(clean);
        assertThat(expected).hasSize(2 * TestDatasets.sample().queries().size());

        List<Document> docs = TestDatasets.sample().corpus();
        index.drop("reuse__test-model__exact");
        index.drop("reuse__bm25");
        int dimension = 32; // FakeEmbedder's vectors
        index.createDense("reuse__test-model__exact", dimension, IndexKind.EXACT, true, "");
        Random rnd = new Random(3);
        List<float[]> noise = new ArrayList<>();
        for (int i = 0; i < docs.size(); i++) {
            float[] v = new float[dimension];
            for (int j = 0; j < dimension; j++) {
                v[j] = (float) rnd.nextGaussian();
            }
            noise.add(v);
        }
        index.upsert("reuse__test-model__exact", docs, noise);
        index.createBm25("reuse__bm25", "");
        List<Document> otherTexts = new ArrayList<>();
        for (int i = 0; i < docs.size(); i++) {
            Document d = docs.get(i);
            Document other = docs.get((i + 7) % docs.size());
            otherTexts.add(new Document(d.id(), other.title(), other.text(), d.lang(), d.family(), d.metadata()));
        }
        index.indexTexts("reuse__bm25", otherTexts);
        assertThat(index.describe("reuse__test-model__exact").orElseThrow().count()).isEqualTo(docs.size());
        assertThat(index.describe("reuse__bm25").orElseThrow().textCount()).isEqualTo(docs.size());

        String again = submit("reuse", retrievers);
        awaitState(again, "COMPLETED");
        assertThat(hits(again)).isEqualTo(expected);
        assertThat(index.describe("reuse__bm25").orElseThrow().fingerprint()).startsWith("bm25;fields=lang+plain;docs=" + docs.size());
        assertThat(index.describe("reuse__test-model__exact").orElseThrow().fingerprint())
                .startsWith("dense;space=test-model;").contains(";vectors=sha256:");
    }

    @Test
    void deleteRemovesTheRegistrationKeepsPathFilesDeletesUploadsAndNeedsRunner() throws Exception {
        Path dir = TestDatasets.write("del-path");
        register(dir).statusCode(201);
        RestAssured.given().header("Authorization", "Bearer " + TestAuth.READER_TOKEN).delete("/api/datasets/del-path")
                .then().statusCode(403);
        given().get("/api/datasets/del-path").then().statusCode(200);
        given().delete("/api/datasets/no-such-dataset").then().statusCode(404).body("detail", containsString("no-such-dataset"));
        given().delete("/api/datasets/del-path").then().statusCode(200).body("filesDeleted", equalTo(false))
                .body("note", containsString("left in place"));
        assertThat(Files.exists(dir.resolve("dataset.json"))).isTrue();
        given().get("/api/datasets/del-path").then().statusCode(404);
        register(dir).statusCode(201); // registered again, as new

        Path source = TestDatasets.write("del-upload");
        String location = given().contentType("application/zip").body(TestZips.zip(source, "del-upload/"))
                .post("/api/datasets/upload").then().statusCode(201).extract().path("location");
        assertThat(Files.exists(Path.of(location, "dataset.json"))).isTrue();
        given().delete("/api/datasets/del-upload").then().statusCode(200).body("filesDeleted", equalTo(true));
        assertThat(Files.exists(Path.of(location))).isFalse();

        RestAssured.given().header("Authorization", "Bearer " + TestAuth.READER_TOKEN).delete("/api/collections/del-path__bm25")
                .then().statusCode(403);
        given().delete("/api/collections/no-such-collection").then().statusCode(404);
        given().delete("/api/collections/..bad").then().statusCode(400);
        String id = submit("del-path", List.of("bm25"));
        awaitState(id, "COMPLETED");
        given().delete("/api/collections/del-path__bm25").then().statusCode(200).body("name", equalTo("del-path__bm25"))
                .body("textCount", equalTo(TestDatasets.sample().corpus().size()));
        assertThat(index.describe("del-path__bm25")).isEmpty();
    }

    @Test
    void aDatasetInUseIsNotDeletedAndAnEvaluatingRunCanBeCancelled() throws Exception {
        Path dir = TestDatasets.write("busy");
        register(dir).statusCode(201);
        PeersResource.EVAL_HOLDS.set(true);
        try {
            String id = submit("busy", List.of("bm25"));
            awaitState(id, "EVALUATING");
            given().delete("/api/datasets/busy").then().statusCode(409).body("detail", containsString(id))
                    .body("detail", containsString("EVALUATING"));
            given().get("/api/datasets/busy").then().statusCode(200);
            given().post("/api/runs/" + id + "/cancel").then().statusCode(200).body("state", equalTo("CANCELLED"));
            given().get("/api/runs/" + id).then().body("state", equalTo("CANCELLED"))
                    .body("message", containsString("evaluating"));
        } finally {
            PeersResource.EVAL_HOLDS.set(false);
        }
        given().delete("/api/datasets/busy").then().statusCode(200);
    }

    private static io.restassured.response.ValidatableResponse register(Path dir) {
        return given().contentType(ContentType.JSON).body(Map.of("path", dir.toString())).post("/api/datasets").then();
    }

    /** retriever|query → the hit ids and scores, as published. */
    private static Map<String, String> hits(String runId) {
        return results(runId).stream()
                .collect(Collectors.toMap(r -> r.getRetrieverId() + "|" + r.getQueryId(), r -> r.getHitsList().toString()));
    }

    /** The edit of the issue: every grade 1 in qrels.tsv.gz becomes 2, the file rewritten in place. */
    private static void editQrels(Path dir) throws Exception {
        Path qrels = dir.resolve("qrels.tsv.gz");
        String text;
        try (var in = new GZIPInputStream(Files.newInputStream(qrels))) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String changed = text.replaceAll("\t1(\r?\n|$)", "\t2$1");
        assertThat(changed).isNotEqualTo(text);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (var out = new GZIPOutputStream(bytes)) {
            out.write(changed.getBytes(StandardCharsets.UTF_8));
        }
        Files.write(qrels, bytes.toByteArray());
    }
}
