package io.clirbench.gateway.qa.rest;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.clirbench.gateway.TestZips;
import io.clirbench.gateway.qa.TestQaDatasets;
import io.clirbench.service.rest.ProblemMapper;
import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/qa-datasets/upload}: a QA dataset as a zip, like retrieval datasets (same unpacking, same limits),
 * validated whole before anything is stored; a refused upload leaves no record and no directory.
 */
@QuarkusTest
class QaDatasetUploadTest {

    @ConfigProperty(name = "gateway.data-dir")
    String dataDir;

    private static List<Object> registered() {
        return given().get("/api/qa-datasets").then().statusCode(200).extract().jsonPath().getList("id");
    }

    private Path uploads() {
        return Path.of(dataDir).toAbsolutePath().resolve("qa-datasets");
    }

    @Test
    void uploadsAZipOnceThenNoOp() throws Exception {
        var sample = TestQaDatasets.sample(1);
        Path dir = TestQaDatasets.write("qa-upload-a", sample);
        byte[] zip = TestZips.zip(dir, "qa-upload-a/");
        given().contentType("application/zip").body(zip).post("/api/qa-datasets/upload").then().log().ifValidationFails()
                .statusCode(201).body("id", equalTo("qa-upload-a")).body("instances", equalTo(sample.size()))
                .body("location", equalTo(uploads().resolve("qa-upload-a").resolve(version(dir)).toString()));
        given().contentType("application/zip").body(zip).post("/api/qa-datasets/upload").then().statusCode(200)
                .body("id", equalTo("qa-upload-a"));
        assertThat(registered()).contains("qa-upload-a");
        // a registered QA dataset of an upload is usable as any other: it names the directory it was moved to
        assertThat(Files.exists(uploads().resolve("qa-upload-a").resolve(version(dir)).resolve("dataset.json"))).isTrue();
    }

    @Test
    void anInvalidDatasetIsRefusedNamingFileAndLineAndNothingIsStored() throws Exception {
        Path dir = TestQaDatasets.write("qa-upload-bad", TestQaDatasets.sample(1));
        // line 2 of the instances loses its question
        Path gz = dir.resolve("instances.jsonl.gz");
        List<String> lines = new java.util.ArrayList<>();
        if (Files.exists(gz)) {
            try (var in = new GZIPInputStream(Files.newInputStream(gz))) {
                lines.addAll(List.of(new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")));
            }
            Files.delete(gz);
        } else {
            lines.addAll(Files.readAllLines(dir.resolve("instances.jsonl")));
        }
        lines.set(1, lines.get(1).replaceFirst("\"question\":\"", "\"question_\":\""));
        Files.write(dir.resolve("instances.jsonl"), lines);
        List<Object> before = registered();

        given().contentType("application/zip").body(TestZips.zip(dir, "")).post("/api/qa-datasets/upload").then()
                .log().ifValidationFails().statusCode(400).contentType(ProblemMapper.PROBLEM_JSON)
                .body("detail", containsString("instances.jsonl")).body("errors.field", hasItem("instances.jsonl:2"));
        assertThat(registered()).isEqualTo(before).doesNotContain("qa-upload-bad");
        assertThat(Files.exists(uploads().resolve("qa-upload-bad"))).isFalse();
        assertTmpEmpty();
    }

    @Test
    void oversizeNotAZipAndZipSlipAreRefused() throws Exception {
        List<Object> before = registered();
        given().contentType("application/zip").body(new byte[2_000_001]) // %test.gateway.upload.max-bytes=2000000
                .post("/api/qa-datasets/upload").then().statusCode(413).contentType(ProblemMapper.PROBLEM_JSON);
        given().contentType("application/zip").body("not a zip".getBytes(StandardCharsets.UTF_8))
                .post("/api/qa-datasets/upload").then().statusCode(400).contentType(ProblemMapper.PROBLEM_JSON);
        given().contentType("application/zip").body(TestZips.single("../../escaped.txt", "x"))
                .post("/api/qa-datasets/upload").then().statusCode(400).contentType(ProblemMapper.PROBLEM_JSON)
                .body("detail", containsString("../../escaped.txt"));
        given().contentType("application/zip").body(TestZips.single("dataset.json", "{\"id\":\"x\""))
                .post("/api/qa-datasets/upload").then().statusCode(400).contentType(ProblemMapper.PROBLEM_JSON)
                .body("detail", containsString("no instances.jsonl"));
        assertThat(registered()).isEqualTo(before);
        assertTmpEmpty();
    }

    private void assertTmpEmpty() throws Exception {
        Path tmp = Path.of(dataDir).toAbsolutePath().resolve("tmp");
        if (Files.isDirectory(tmp)) {
            try (var left = Files.list(tmp)) {
                assertThat(left.toList()).as("temporary upload directories left").isEmpty();
            }
        }
    }

    private static String version(Path dir) throws Exception {
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(dir.resolve("dataset.json").toFile()).path("version").asText();
    }
}
