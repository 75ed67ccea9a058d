package io.clirbench.eval.messaging;

import static io.clirbench.eval.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.dataset.DatasetHash;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunStarted;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The stale-dataset and deleted-dataset reproductions (issue 13): a run started on a dataset hash whose files
 * were edited in place afterwards, or whose directory is gone, ends FAILED with a reason naming the hashes or
 * the path, never with a report on other qrels and never without a run row (the gateway would wait 30 minutes).
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class StaleDatasetTest {

    private final EvalFixture fixture = EvalFixture.get();

    @ConfigProperty(name = "eval.dataset-cache-size")
    int datasetCacheSize;

    @Test
    void qrelsEditedAfterTheRunStartedFailTheRunNamingBothHashes() throws Exception {
        Path dir = copy("stale");
        String registered = DatasetHash.of(dir);
        editQrelsInPlace(dir);
        String edited = DatasetHash.of(dir);
        assertThat(edited).isNotEqualTo(registered);

        String runId = "stale-" + UUID.randomUUID();
        JsonPath run = runOn(runId, dir, registered);
        assertThat(run.getString("state")).as(run.prettify()).isEqualTo("FAILED");
        assertThat(run.getString("message")).contains(registered).contains(edited).contains(dir.toString())
                .contains("new version");
        given().get("/api/runs/" + runId + "/report").then().statusCode(org.hamcrest.Matchers.not(200));
    }

    @Test
    void filesChangedAfterRunStartedFailTheRunWhenItsResultsReadThemAgain() throws Exception {
        // RunStarted read the files under their hash; the cached dataset is then evicted (eval.dataset-cache-size
        // other runs' datasets), as after a restart or on another replica, and the qrels edited: the
        // run's results read the files again and the run fails naming the path and both hashes, with no report
        Path dir = copy("after");
        String registered = DatasetHash.of(dir);
        String runId = "after-" + UUID.randomUUID();
        RunStarted started = fixture.started(runId).toBuilder().setDatasetLocation(dir.toString()).setDatasetHash(registered).build();
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(started));
            TestKafka.awaitState(runId, "RECEIVING");
            evictCachedDatasets(producer);
            editQrelsInPlace(dir);
            String edited = DatasetHash.of(dir);
            assertThat(edited).isNotEqualTo(registered);
            for (QueryResult result : fixture.results(runId)) {
                TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
            }
            TestKafka.send(producer, "runs.v1", runId, fixture.completed(runId));
            JsonPath run = TestKafka.awaitState(runId, "COMPLETED", "FAILED");
            assertThat(run.getString("state")).as(run.prettify()).isEqualTo("FAILED");
            assertThat(run.getString("message")).contains(registered).contains(edited).contains(dir.toString());
            given().get("/api/runs/" + runId + "/report").then().statusCode(org.hamcrest.Matchers.not(200));
        }
    }

    @Test
    void theTrecExportOfARunWhoseFilesChangedIsAConflictAndItsReportStaysReadable() throws Exception {
        // a completed run, its cached dataset evicted (other runs' datasets), its qrels edited: the TREC
        // export, which orders the lists with the dataset, answers 409 naming both hashes; the report stays
        Path dir = copy("export");
        String registered = DatasetHash.of(dir);
        String runId = "export-" + UUID.randomUUID();
        JsonPath done = runOn(runId, dir, registered);
        assertThat(done.getString("state")).as(done.prettify()).isEqualTo("COMPLETED");
        String retriever = done.getString("retrievers[0].id");
        given().queryParam("retriever", retriever).get("/api/runs/" + runId + "/trec").then().statusCode(200);
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            evictCachedDatasets(producer);
        }
        editQrelsInPlace(dir);
        String body = given().queryParam("retriever", retriever).get("/api/runs/" + runId + "/trec").then().statusCode(409)
                .extract().asString();
        assertThat(body).contains(registered).contains(DatasetHash.of(dir)).contains(dir.toString());
        given().get("/api/runs/" + runId + "/report").then().statusCode(200);
    }

    @Test
    void deletedDatasetDirectoryFailsTheRunNamingThePath() throws Exception {
        Path dir = copy("deleted");
        String registered = DatasetHash.of(dir);
        delete(dir);
        String runId = "deleted-" + UUID.randomUUID();
        JsonPath run = runOn(runId, dir, registered);
        assertThat(run.getString("state")).as(run.prettify()).isEqualTo("FAILED");
        assertThat(run.getString("message")).contains(dir.toString()).contains("not a dataset directory");
    }

    @Test
    void unchangedFilesUnderTheirHashAreEvaluated() throws Exception {
        Path dir = copy("same");
        String runId = "same-" + UUID.randomUUID();
        JsonPath run = runOn(runId, dir, DatasetHash.of(dir));
        assertThat(run.getString("state")).as(run.prettify()).isEqualTo("COMPLETED");
        assertThat(given().get("/api/runs/" + runId + "/files/report.md").then().statusCode(200).extract().asString())
                .contains(DatasetHash.of(dir));
    }

    private JsonPath runOn(String runId, Path dir, String hash) {
        RunStarted started = fixture.started(runId).toBuilder().setDatasetLocation(dir.toString()).setDatasetHash(hash).build();
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(started));
            for (QueryResult result : fixture.results(runId)) {
                TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
            }
            TestKafka.send(producer, "runs.v1", runId, fixture.completed(runId));
        }
        return TestKafka.awaitState(runId, "COMPLETED", "FAILED");
    }

    /**
     * Pushes every dataset out of the eval-service's cache (as a restart or another replica would find it): RunStarted
     * of as many other runs as the cache holds, each on a copy of its own, each awaited until stored.
     */
    private void evictCachedDatasets(KafkaProducer<String, byte[]> producer) throws IOException {
        for (int i = 0; i < datasetCacheSize; i++) {
            Path other = copy("evict" + i);
            String otherId = "evict-" + UUID.randomUUID();
            TestKafka.send(producer, "runs.v1", otherId, EvalFixture.event(fixture.started(otherId).toBuilder()
                    .setDatasetLocation(other.toString()).setDatasetHash(DatasetHash.of(other)).build()));
            TestKafka.awaitState(otherId, "RECEIVING");
        }
    }

    /** An edit in place: the qrels file's judgments appended to it again (any change of bytes changes the hash). */
    private static void editQrelsInPlace(Path dir) throws IOException {
        Path qrels = Files.exists(dir.resolve("qrels.tsv")) ? dir.resolve("qrels.tsv") : dir.resolve("qrels.tsv.gz");
        Files.write(qrels, Files.readAllBytes(qrels), java.nio.file.StandardOpenOption.APPEND);
    }

    private Path copy(String name) throws IOException {
        Path target = fixture.datasetDir.resolveSibling(name + "-" + UUID.randomUUID());
        Files.createDirectories(target);
        try (Stream<Path> files = Files.list(fixture.datasetDir)) {
            for (Path f : files.toList()) {
                Files.copy(f, target.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return target;
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
