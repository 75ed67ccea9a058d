package io.clirbench.gateway.qa.rest;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.clirbench.gateway.TestAuth;
import io.clirbench.gateway.TestZips;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.gateway.qa.TestQaDatasets;
import io.clirbench.gateway.run.TestRuns;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.service.rest.ProblemMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code DELETE /api/qa-datasets/{id}} (issue 45) with the rules of {@code DELETE /api/datasets/{id}}: runner only (a
 * reader gets 403), 404 for an unknown id, 409 naming the QA run while one on the dataset is QUEUED, RUNNING or
 * EVALUATING (nothing removed), the row removed, the files deleted only when they were uploaded.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class QaDatasetDeletionTest {

    private static List<String> registered() {
        return given().get("/api/qa-datasets").then().statusCode(200).extract().jsonPath().getList("id", String.class);
    }

    @Test
    void deleteRemovesTheRegistrationKeepsPathFilesDeletesUploadsAndNeedsRunner() throws Exception {
        Path dir = TestQaDatasets.write("qa-del-path", TestQaDatasets.sample(1));
        register(dir).statusCode(201);
        RestAssured.given().header("Authorization", "Bearer " + TestAuth.READER_TOKEN).delete("/api/qa-datasets/qa-del-path")
                .then().statusCode(403);
        assertThat(registered()).contains("qa-del-path");
        given().delete("/api/qa-datasets/no-such-qa-dataset").then().statusCode(404).contentType(ProblemMapper.PROBLEM_JSON)
                .body("detail", containsString("no-such-qa-dataset"));
        given().delete("/api/qa-datasets/qa-del-path").then().statusCode(200).body("id", equalTo("qa-del-path"))
                .body("filesDeleted", equalTo(false)).body("note", containsString("left in place"));
        assertThat(registered()).doesNotContain("qa-del-path");
        assertThat(Files.exists(dir.resolve("dataset.json"))).isTrue();
        given().delete("/api/qa-datasets/qa-del-path").then().statusCode(404);
        register(dir).statusCode(201); // registered again, as new

        Path source = TestQaDatasets.write("qa-del-upload", TestQaDatasets.sample(1));
        String location = given().contentType("application/zip").body(TestZips.zip(source, "qa-del-upload/"))
                .post("/api/qa-datasets/upload").then().statusCode(201).extract().path("location");
        assertThat(Files.exists(Path.of(location, "dataset.json"))).isTrue();
        given().delete("/api/qa-datasets/qa-del-upload").then().statusCode(200).body("filesDeleted", equalTo(true));
        assertThat(Files.exists(Path.of(location))).isFalse();
        assertThat(registered()).doesNotContain("qa-del-upload");
        // the same zip uploads again, as new
        given().contentType("application/zip").body(TestZips.zip(source, "qa-del-upload/"))
                .post("/api/qa-datasets/upload").then().statusCode(201);
    }

    @Test
    void aQaDatasetInUseIsNotDeleted() throws Exception {
        register(TestQaDatasets.write("qa-del-busy", TestQaDatasets.sample(1))).statusCode(201);
        PeersResource.EVAL_HOLDS.set(true);
        try {
            String id = given().contentType(ContentType.JSON)
                    .body(Map.of("dataset", "qa-del-busy", "systems", List.of("select:lexical"), "bootstrap", 0))
                    .post("/api/qa-runs").then().statusCode(202).extract().path("id");
            TestRuns.await("/api/qa-runs/", id, "EVALUATING", run -> "EVALUATING".equals(run.getString("state")));
            given().delete("/api/qa-datasets/qa-del-busy").then().statusCode(409).contentType(ProblemMapper.PROBLEM_JSON)
                    .body("detail", containsString(id)).body("detail", containsString("EVALUATING"));
            assertThat(registered()).contains("qa-del-busy");
            given().post("/api/qa-runs/" + id + "/cancel").then().statusCode(200).body("state", equalTo("CANCELLED"));
        } finally {
            PeersResource.EVAL_HOLDS.set(false);
        }
        given().delete("/api/qa-datasets/qa-del-busy").then().statusCode(200);
        assertThat(registered()).doesNotContain("qa-del-busy");
    }

    private static io.restassured.response.ValidatableResponse register(Path dir) {
        return given().contentType(ContentType.JSON).body(Map.of("path", dir.toString())).post("/api/qa-datasets").then();
    }
}
