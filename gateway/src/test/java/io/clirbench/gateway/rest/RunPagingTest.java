package io.clirbench.gateway.rest;

import io.clirbench.gateway.run.RunResource;
import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.hasItems;

import io.clirbench.gateway.retriever.RetrieverPhase;
import io.clirbench.gateway.run.RunLifecycle;
import io.clirbench.gateway.run.RunSnapshot;
import io.clirbench.gateway.run.RunSnapshotStore;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /api/runs?limit=&offset=}: pages newest first, X-Total-Count, Link next/prev, bad values 400.
 * Three completed runs dated in 2100 are the newest of all, so their order is known without the others'.
 */
@QuarkusTest
class RunPagingTest {

    @Inject
    RunSnapshotStore store;

    @BeforeEach
    void threeRunsFromTheFuture() {
        for (int i = 1; i <= 3; i++) {
            if (store.find("page-" + i).isPresent()) {
                continue;
            }
            String at = "2100-01-01T00:00:0" + i + "Z";
            store.insert(new RunSnapshot("page-" + i, "paging", "1", RunLifecycle.COMPLETED, 10, 42, 0,
                    List.of(new RunSnapshot.RetrieverSnapshot("bm25", RetrieverPhase.PUBLISHED, 9, 9, 9, 9, 9, 9, 9, null)),
                    new RunSnapshot.EvalServiceStatus("COMPLETED", null), null, at, at,
                    new RunSnapshot.Timings(null, null, null, null, null, null)), Map.of("dataset", "paging"));
        }
    }

    private static Response page(String query) {
        return given().get("/api/runs" + query).then().statusCode(200).extract().response();
    }

    @Test
    void pagesComeNewestFirstWithTheTotalAndLinksToTheNeighbours() {
        Response all = page("?limit=1000");
        int total = Integer.parseInt(all.header(RunResource.TOTAL_COUNT));
        assertThat(all.jsonPath().getList("id")).hasSize(total);
        assertThat(total).isGreaterThanOrEqualTo(3);

        Response first = page("?limit=2");
        assertThat(first.jsonPath().getList("id", String.class)).containsExactly("page-3", "page-2");
        assertThat(first.header(RunResource.TOTAL_COUNT)).isEqualTo(String.valueOf(total));
        assertThat(first.header("Link")).isEqualTo("</api/runs?limit=2&offset=2>; rel=\"next\"");

        Response middle = page("?limit=1&offset=1");
        assertThat(middle.jsonPath().getList("id", String.class)).containsExactly("page-2");
        assertThat(middle.header("Link"))
                .isEqualTo("</api/runs?limit=1&offset=2>; rel=\"next\", </api/runs?limit=1&offset=0>; rel=\"prev\"");

        // walking the pages of 2 gives the whole list, in the same order
        List<Object> walked = new java.util.ArrayList<>();
        for (int offset = 0; offset < total; offset += 2) {
            walked.addAll(page("?limit=2&offset=" + offset).jsonPath().getList("id"));
        }
        assertThat(walked).isEqualTo(all.jsonPath().getList("id"));

        Response past = page("?offset=" + total);
        assertThat(past.jsonPath().getList("$")).isEmpty();
        assertThat(past.header("Link")).contains("rel=\"prev\"").doesNotContain("rel=\"next\"");

        // no parameters: the first 100 (README: default limit 100)
        assertThat(page("").jsonPath().getList("$")).hasSize(Math.min(100, total));
    }

    @Test
    void badPageParametersAre400NamingEachValue() {
        given().get("/api/runs?limit=0&offset=-1").then().statusCode(400).contentType("application/problem+json")
                .body("errors.field", hasItems("limit", "offset")).body("errors.value", hasItems("0", "-1"))
                .body("detail", containsString("limit '0' must be an integer in 1..1000"));
        given().get("/api/runs?limit=1001").then().statusCode(400).body("errors.value", hasItems("1001"));
        given().get("/api/runs?limit=ten").then().statusCode(400).body("errors.value", hasItems("ten"));
    }
}
