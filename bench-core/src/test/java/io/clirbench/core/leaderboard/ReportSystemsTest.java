package io.clirbench.core.leaderboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading the systems of a report.json (README "Report JSON": runs[].name, runs[].standard, dataset.hash). */
class ReportSystemsTest {

    @Test
    void eachRunOfTheReportIsASystemWithItsPerQueryValues() {
        String report = """
                {"tool":"clirbench 1","dataset":{"id":"toy","hash":"sha256:ab"},"runs":[
                 {"name":"bm25","standard":{"measureNames":["nDCG@10","R@100"],"perQuery":{"q1":[0.5,1],"q2":[0,0.25]},
                  "means":[0.25,0.625],"queryCount":2,"ignoredRunQueries":0},"language":null},
                 {"name":"dense","standard":{"measureNames":["nDCG@10","R@100"],"perQuery":{"q1":[1,1]}}}]}""";
        List<LeaderboardSystem> systems = ReportSystems.read("run-1", report.getBytes(StandardCharsets.UTF_8));
        assertThat(systems).extracting(LeaderboardSystem::label).containsExactly("run-1/bm25", "run-1/dense");
        LeaderboardSystem bm25 = systems.get(0);
        assertThat(bm25.datasetHash()).isEqualTo("sha256:ab");
        assertThat(bm25.measureNames()).containsExactly("nDCG@10", "R@100");
        assertThat(bm25.perQuery().keySet()).containsExactly("q1", "q2");
        assertThat(bm25.perQuery().get("q2")).containsExactly(0, 0.25);
    }

    @Test
    void aReportWithoutWhatTheLeaderboardNeedsIsRefusedNamingTheRunAndField() {
        assertThatThrownBy(() -> read("{\"runs\":[{\"name\":\"bm25\",\"standard\":{\"measureNames\":[\"nDCG@10\"],"
                + "\"perQuery\":{\"q1\":[\"x\"]}}}]}"))
                .hasMessage("run r: report.json runs[0].standard.perQuery.q1[0] (nDCG@10) is not a number: \"x\"");
        assertThatThrownBy(() -> read("{\"runs\":[{\"name\":\"bm25\",\"standard\":{\"measureNames\":[\"nDCG@10\"],"
                + "\"perQuery\":{\"q1\":[1,2]}}}]}"))
                .hasMessage("run r: report.json runs[0].standard.perQuery.q1 must be an array of 1 numbers, one per measure, got [1,2]");
        assertThatThrownBy(() -> read("{\"runs\":[{\"standard\":{}}]}"))
                .hasMessage("run r: report.json runs[0].name must be a string, got none");
        assertThatThrownBy(() -> read("{}")).hasMessage("run r: report.json has no array 'runs'");
        assertThatThrownBy(() -> read("{")).hasMessageStartingWith("run r: report.json is not JSON: ");
    }

    private static List<LeaderboardSystem> read(String json) {
        return ReportSystems.read("r", json.getBytes(StandardCharsets.UTF_8));
    }
}
