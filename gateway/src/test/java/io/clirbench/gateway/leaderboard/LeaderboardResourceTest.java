package io.clirbench.gateway.leaderboard;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.gateway.run.RunSnapshotStore;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /api/leaderboard/{datasetId}} over stored COMPLETED runs whose report.json the eval-service stand-in serves.
 * bm25 scores nDCG@10 0.7 on every query and dense 0.5 (R@100: 0.6 and 0.9), so every bootstrap replicate ranks bm25
 * first: intervals [1, 1] and [2, 2], P(best) 1 and 0. The difference 0.2 is the same in all 12 families: a sign
 * pattern is as extreme only when all 12 signs agree (probability 2 / 2^12 = 1/2048), about 4.9 of the 10,000
 * patterns, so p = (1 + about 4.9) / 10,001, about 0.0006 (below 0.002 unless 19 or more occur: Poisson, < 1e-5).
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class LeaderboardResourceTest {

    private static LeaderboardFixture fixture;
    private static String bm25Run;
    private static String denseRun;
    private static String oldRun;
    private static String reportlessRun;

    @Inject
    RunSnapshotStore store;

    @BeforeEach
    void seedOnce() throws Exception {
        if (fixture != null) {
            return;
        }
        fixture = new LeaderboardFixture("board-api", store);
        bm25Run = fixture.completedRun(fixture.hash, new LeaderboardFixture.Scores("bm25", q -> 0.7, q -> 0.6, q -> 0.5));
        denseRun = fixture.completedRun(fixture.hash, new LeaderboardFixture.Scores("dense", q -> 0.5, q -> 0.9, q -> 0.4));
        oldRun = fixture.completedRun("sha256:0ld", new LeaderboardFixture.Scores("bm25", q -> 1, q -> 1, q -> 1));
        reportlessRun = fixture.completedRun("board-api", List.of("bm25"));
        fixture.completedRun("another-dataset", List.of("bm25")); // not of this dataset: never read
    }

    @Test
    void theCompletedRunsOfTheDatasetVersionAreRankedWithIntervalsAndATestAgainstTheLeader() {
        JsonPath board = given().get("/api/leaderboard/board-api").then().statusCode(200).extract().jsonPath();
        assertThat(board.getString("datasetHash")).isEqualTo(fixture.hash);
        assertThat(board.getList("measures")).containsExactly("nDCG@10", "R@100");
        // every query of the dataset is judged in the reports; 12 families; the languages of its queries, sorted
        assertThat(board.getInt("queries")).isEqualTo(fixture.dataset.queries().size());
        assertThat(board.getInt("families")).isEqualTo(12);
        assertThat(board.getList("languages")).isEqualTo(fixture.dataset.queries().stream()
                .map(io.clirbench.core.model.Query::lang).distinct().sorted().toList());
        assertThat(board.getList("entries.retriever")).containsExactly("bm25", "dense");
        assertThat(board.getList("entries.runId")).containsExactly(bm25Run, denseRun);
        assertThat(board.getList("entries.rankLow", Double.class)).containsExactly(1.0, 2.0);
        assertThat(board.getList("entries.rankHigh", Double.class)).containsExactly(1.0, 2.0);
        assertThat(board.getList("entries.pBest", Double.class)).containsExactly(1.0, 0.0);
        assertThat(board.getDouble("entries[0].means['nDCG@10']")).isCloseTo(0.7, within(1e-9));
        assertThat(board.getDouble("entries[1].means['R@100']")).isCloseTo(0.9, within(1e-9));
        assertThat(board.getDouble("entries[1].byLanguage['nDCG@10'].de")).isCloseTo(0.5, within(1e-9));
        assertThat(board.getString("entries[0].versusLeader")).isNull();
        assertThat(board.getDouble("entries[1].versusLeader.difference")).isCloseTo(0.2, within(1e-9));
        assertThat(board.getDouble("entries[1].versusLeader.pHolm")).isBetween(1.0 / 10_001, 0.002);
        // the run of another dataset version and the run without a report are left out, saying why
        Map<String, String> excluded = Map.of(
                oldRun, "evaluated against dataset content hash sha256:0ld, not the registered " + fixture.hash,
                reportlessRun, "run " + reportlessRun + ": the eval-service answered 404 for its report.json");
        assertThat(board.getList("excluded")).hasSize(2);
        excluded.forEach((run, reason) -> assertThat(board.getString("excluded.find { it.runId == '" + run + "' }.reason"))
                .isEqualTo(reason));
    }

    @Test
    void theMeasuresAreChosenAndTheFirstRanks() {
        JsonPath board = given().queryParam("measure", "R@100").queryParam("measure", "MRR@10")
                .get("/api/leaderboard/board-api").then().statusCode(200).extract().jsonPath();
        assertThat(board.getList("entries.retriever")).containsExactly("dense", "bm25");
        assertThat(board.getDouble("entries[1].means['MRR@10']")).isCloseTo(0.5, within(1e-9));
    }

    @Test
    void theExportsAreAttachmentsInEachFormat() {
        String csv = given().queryParam("format", "csv").get("/api/leaderboard/board-api").then().statusCode(200)
                .header("Content-Disposition", "attachment; filename=\"leaderboard-board-api.csv\"")
                .contentType(containsString("text/csv")).extract().asString();
        assertThat(csv.split("\r\n")[0]).startsWith("rank,run,retriever,rank_low,rank_high,p_best,nDCG@10,R@100,nDCG@10_ar,");
        assertThat(csv.split("\r\n")[1]).startsWith("1.0," + bm25Run + ",bm25,1.0,1.0,1.0,0.7");
        given().queryParam("format", "md").get("/api/leaderboard/board-api").then().statusCode(200)
                .header("Content-Disposition", containsString("leaderboard-board-api.md"))
                .body(containsString("| 1 | " + bm25Run + "/bm25 | [1, 1] | 1.000 | 0.7000 | 0.6000 |"));
        given().queryParam("format", "latex").get("/api/leaderboard/board-api").then().statusCode(200)
                .body(containsString("\\begin{tabular}"));
        given().queryParam("format", "table").get("/api/leaderboard/board-api").then().statusCode(200)
                .contentType(containsString("text/plain")).body(containsString(denseRun + "/dense"));
    }

    @Test
    void badRequestsAreRefusedNamingTheValue() {
        given().queryParam("format", "xls").get("/api/leaderboard/board-api").then().statusCode(400)
                .body("detail", containsString("unknown leaderboard format 'xls'"));
        given().queryParam("measure", "nDCG@99").get("/api/leaderboard/board-api").then().statusCode(400)
                .body("detail", equalTo("no report of this dataset has measure 'nDCG@99'"));
        given().get("/api/leaderboard/no-such-dataset").then().statusCode(404);
    }
}
