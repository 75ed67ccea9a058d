package io.clirbench.gateway.leaderboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.testing.HeadlessChromium;
import io.clirbench.gateway.TestAuth;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.gateway.run.RunSnapshotStore;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The leaderboard page in headless Chromium, signed in: the rows in rank order with their rank intervals, then the
 * same page opened with {@code ?sort=R@100}, whose script clicks that column's header: the rows change order. bm25
 * leads on nDCG@10 (0.7 against 0.5 on every query: intervals [1, 1] and [2, 2]) and trails on R@100 (0.6 against
 * 0.9), so sorting by R@100, best first, puts dense first.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class LeaderboardPageBrowserTest {

    @TestHTTPResource("/")
    URL base;

    @Inject
    RunSnapshotStore store;

    @Test
    void theRowsShowTheirRankIntervalsAndAClickOnAHeaderSortsThem() throws Exception {
        Assumptions.assumeFalse(HeadlessChromium.skipRequested(), HeadlessChromium.SKIP_ENV + "=1");
        HeadlessChromium chromium = HeadlessChromium.standard().requireAvailable();
        LeaderboardFixture fixture = new LeaderboardFixture("board-page", store);
        String bm25 = fixture.completedRun(fixture.hash, new LeaderboardFixture.Scores("bm25", q -> 0.7, q -> 0.6, q -> 0.5));
        String dense = fixture.completedRun(fixture.hash, new LeaderboardFixture.Scores("dense", q -> 0.5, q -> 0.9, q -> 0.4));

        String page = dom(chromium, "/leaderboard/board-page");
        assertThat(page).contains("<h1>Leaderboard: board-page</h1>");
        List<String> rows = rows(page);
        assertThat(rows).containsExactly(bm25 + "/bm25", dense + "/dense");
        assertThat(page).contains("<td data-value=\"" + bm25 + "/bm25\">" + bm25 + "/bm25</td><td data-value=\"1.001000000\">[1, 1]</td>")
                .contains("<td data-value=\"" + dense + "/dense\">" + dense + "/dense</td><td data-value=\"2.002000000\">[2, 2]</td>");
        assertThat(page).contains("download=\"leaderboard-board-page.csv\"", "download=\"leaderboard-board-page.md\"",
                "download=\"leaderboard-board-page.tex\"");

        String sorted = dom(chromium, "/leaderboard/board-page?sort=R@100");
        assertThat(rows(sorted)).containsExactly(dense + "/dense", bm25 + "/bm25");
        assertThat(sorted).contains("data-key=\"R@100\" data-type=\"number\" data-next=\"asc\" style=\"cursor:pointer\" "
                + "aria-sort=\"descending\"");
    }

    private String dom(HeadlessChromium chromium, String path) {
        return chromium.run(List.of("--virtual-time-budget=10000", "--dump-dom", TestAuth.browserUrl(base.toString(), path)))
                .stdout();
    }

    /** The systems of the table's rows, top to bottom. */
    private static List<String> rows(String dom) {
        return java.util.regex.Pattern.compile("<tr data-system=\"([^\"]+)\"").matcher(dom).results()
                .map(m -> m.group(1)).toList();
    }
}
