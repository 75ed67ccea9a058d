package io.clirbench.gateway.rest;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;

import io.clirbench.gateway.TestDatasets;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
class RunValidationTest {

    @Test
    void badRequestsNameFieldAndValueAndStoreNothing() throws Exception {
        Path dir = TestDatasets.write("val-a");
        given().contentType(ContentType.JSON).body(Map.of("path", dir.toString())).post("/api/datasets");
        int before = given().get("/api/runs").then().statusCode(200).extract().jsonPath().getList("$").size();

        given().contentType(ContentType.JSON)
                .body(Map.of("dataset", "nope", "retrievers", List.of("bm25", "bm25", "ghost/exact", "test-model/ivf", "x"),
                        "depth", 1001))
                .when().post("/api/runs").then().statusCode(400).contentType("application/problem+json")
                .body("errors.field", hasItems("dataset", "retrievers[1]", "retrievers[2]", "retrievers[3]",
                        "retrievers[4]", "depth"))
                .body("errors.value", hasItems("nope", "ghost/exact", "test-model/ivf", "1001"))
                .body("detail", containsString("unknown model 'ghost'"));
        given().contentType(ContentType.JSON).body(Map.of("dataset", "val-a", "retrievers", List.of(), "depth", 0))
                .when().post("/api/runs").then().statusCode(400)
                .body("errors.field", hasItems("retrievers", "depth"));

        int after = given().get("/api/runs").then().extract().jsonPath().getList("$").size();
        assertThat(after).isEqualTo(before);
    }

    @Test
    void aDatasetOfThousandsOfBadLinesIsRefusedWithABoundedAnswer() throws Exception {
        // issue 45: every bad line once became a field error (a 53 MB answer); 5,000 unknown document ids now give a
        // detail of the count, 50 problems and "... and 4950 more", and the first 100 problems as errors
        Path dir = TestDatasets.write("val-many");
        java.nio.file.Files.deleteIfExists(dir.resolve("qrels.tsv.gz"));
        StringBuilder qrels = new StringBuilder("query-id\tcorpus-id\tscore\n");
        String query = TestDatasets.sample().queries().getFirst().id();
        for (int i = 0; i < 5_000; i++) {
            qrels.append(query).append("\tmissing-").append(i).append("\t1\n");
        }
        java.nio.file.Files.writeString(dir.resolve("qrels.tsv"), qrels);
        var body = given().contentType(ContentType.JSON).body(Map.of("path", dir.toString())).post("/api/datasets")
                .then().statusCode(400).extract();
        assertThat(body.jsonPath().getList("errors")).hasSize(100);
        assertThat(body.jsonPath().getString("detail")).startsWith("5000 problems:").endsWith("... and 4950 more");
        assertThat(body.asString().length()).isLessThan(30_000);
        given().get("/api/datasets").then().statusCode(200).body("id", org.hamcrest.Matchers.not(hasItem("val-many")));
    }

    @Test
    void retrieverIdsAreReadInAnyCaseWithoutSurroundingWhiteSpace() {
        // ' BM25 ' is bm25 (root README "Retrievers that cross languages"): no error of its own, and bm25 after it is
        // its duplicate; the unknown dataset keeps the request a 400 that stores nothing
        given().contentType(ContentType.JSON)
                .body(Map.of("dataset", "nope", "retrievers", List.of(" BM25 ", "bm25", "Test-Model/EXACT"), "depth", 10))
                .when().post("/api/runs").then().statusCode(400)
                .body("errors.field", org.hamcrest.Matchers.containsInAnyOrder("dataset", "retrievers[1]", "retrievers[2]"))
                .body("errors.find { it.field == 'retrievers[1]' }.message", containsString("duplicate retriever"))
                // a model id keeps its case: Test-Model is not test-model
                .body("errors.find { it.field == 'retrievers[2]' }.message", containsString("Test-Model"));
    }

    @Test
    void unknownRunIs404ProblemAndEncodersShowUnreachableEndpoints() {
        given().when().get("/api/runs/none").then().statusCode(404).contentType("application/problem+json")
                .body("detail", containsString("'none'"));
        given().when().get("/api/encoders").then().statusCode(200)
                .body("find { it.modelId == 'test-model' }.endpoints[0].reachable", org.hamcrest.Matchers.equalTo(false));
    }

    @Test
    void openApiAndPagesAreServed() {
        given().when().get("/q/openapi").then().statusCode(200).body(containsString("/api/runs"));
        given().when().get("/").then().statusCode(200).contentType(ContentType.HTML)
                .body(containsString("<!DOCTYPE html>")).body(containsString("<h1>Runs</h1>"));
        given().when().get("/q/health/ready").then().statusCode(200).body("checks.name", hasItem("gateway"));
    }
}
