package io.clirbench.gateway.dataset;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.TestZips;
import io.clirbench.gateway.qa.TestQaDatasets;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.file.Files;
import java.nio.file.Path;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * Issue 45: what a runner reads in a refusal names the file in the upload or the setting to change, never a directory of
 * the server: not the temporary directory an upload was unpacked into ({@code DATA_DIR/tmp/upload-...}), neither
 * absolute nor relative to a dataset root (the data directory of the tests lies under the root {@code target}, where a
 * plain root-relative path would still show {@code test-gateway/UUID/...}). The lexicon directory: {@code
 * io.clirbench.gateway.run.LexiconDirHiddenTest}.
 */
@QuarkusTest
class ServerPathsHiddenTest {

    @ConfigProperty(name = "gateway.data-dir")
    String dataDir;

    /** Fails when {@code body} shows the data directory in any form, or an upload's temporary directory. */
    private void assertNoServerPath(String body) {
        Path absolute = Path.of(dataDir).toAbsolutePath().normalize();
        assertThat(body).as("a refusal names no server directory")
                .doesNotContain(absolute.toString())
                .doesNotContain(Path.of(dataDir).getFileName().toString()) // the data directory's own name (a UUID here)
                .doesNotContain("test-gateway")
                .doesNotContain("upload-")
                .doesNotContain("/tmp/");
    }

    @Test
    void anUploadedDatasetWithAnInvalidOrMissingFileNamesTheFileInTheZipNotTheTemporaryDirectory() throws Exception {
        Path dir = TestDatasets.write("paths-bad");
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("corpus")).toList()) {
                Files.delete(f);
            }
        }
        Files.writeString(dir.resolve("corpus.jsonl"), "{\"_id\": \"d1\"}\nnot json\n");
        String body = given().contentType("application/zip").body(TestZips.zip(dir, "paths-bad/"))
                .post("/api/datasets/upload").then().statusCode(400).extract().asString();
        assertThat(body).contains("corpus.jsonl"); // still says which file
        assertNoServerPath(body);

        Path noQrels = TestDatasets.write("paths-no-qrels");
        try (var files = Files.list(noQrels)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("qrels")).toList()) {
                Files.delete(f);
            }
        }
        String missing = given().contentType("application/zip").body(TestZips.zip(noQrels, "paths-no-qrels/"))
                .post("/api/datasets/upload").then().statusCode(400).extract().asString();
        assertThat(missing).contains("qrels");
        assertNoServerPath(missing);
    }

    @Test
    void aZipWithoutADatasetAndABrokenDatasetJsonNameNoServerPath() throws Exception {
        String none = given().contentType("application/zip").body(TestZips.single("readme.txt", "no dataset here"))
                .post("/api/datasets/upload").then().statusCode(400).extract().asString();
        assertNoServerPath(none);
        Path dir = TestDatasets.write("paths-json");
        Files.writeString(dir.resolve("dataset.json"), "{\"id\": ");
        String broken = given().contentType("application/zip").body(TestZips.zip(dir, ""))
                .post("/api/datasets/upload").then().statusCode(400).extract().asString();
        assertThat(broken).contains("dataset.json");
        assertNoServerPath(broken);
    }

    @Test
    void anUploadedQaDatasetWithoutInstancesNamesTheFileInTheZipNotTheTemporaryDirectory() throws Exception {
        Path dir = TestQaDatasets.write("qa-paths-bad", TestQaDatasets.sample(1));
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("instances")).toList()) {
                Files.delete(f);
            }
        }
        String body = given().contentType("application/zip").body(TestZips.zip(dir, ""))
                .post("/api/qa-datasets/upload").then().statusCode(400).extract().asString();
        assertThat(body).contains("instances.jsonl");
        assertNoServerPath(body);
    }
}
