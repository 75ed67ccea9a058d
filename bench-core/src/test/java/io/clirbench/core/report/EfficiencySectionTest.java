package io.clirbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.efficiency.Efficiency;
import io.clirbench.core.efficiency.RetrieverCost;
import io.clirbench.core.eval.EvalReport;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class EfficiencySectionTest {

    private static EvalReport report(Map<String, Efficiency> efficiency) {
        return new EvalReport("clirbench test", null, "q.txt", 10, 1, false, 0, List.of(), null).withEfficiency(efficiency);
    }

    /**
     * bm25: built in 1.5 s, 2 MiB on disk, 64 queries per call, 500 queries in 0.25 s = 2000 q/s, latencies 250 µs × 4
     * and 4,000 µs once (p50 = 250 µs = 0.250 ms, p99 = 5th of 5 = 4.000 ms). dense: reused index, 100 texts in 0.5 s =
     * 200 texts/s, no latencies stored.
     */
    private static Map<String, Efficiency> twoRetrievers() {
        Map<String, Efficiency> byRun = new LinkedHashMap<>();
        byRun.put("bm25", Efficiency.of(new RetrieverCost(1_500_000L, 2L * 1024 * 1024, 2L * 1024 * 1024, null, null, 500L,
                250_000L, 64), new long[] {250, 250, 4000, 250, 250}));
        byRun.put("m/exact", Efficiency.of(new RetrieverCost(null, null, null, 100L, 500_000L, null, null, null), new long[0]));
        return byRun;
    }

    @Test
    void everyRenderingHasTheTableWithItsValues() {
        EvalReport report = report(twoRetrievers());
        String plain = EfficiencySection.plain(report);
        assertThat(plain).startsWith("Efficiency\n").contains("latency p99 (ms)").contains(EfficiencySection.LEGEND);
        List<List<String>> rows = EfficiencySection.rows(report.efficiency());
        assertThat(rows.get(0)).containsExactly("bm25", "1.50", "2.00", "2.00", "n/m", "2000.0", "0.250", "4.000", "64");
        assertThat(rows.get(1)).containsExactly("m/exact", "n/m", "n/m", "n/m", "200.0", "n/m", "n/m", "n/m", "n/m");
        assertThat(MarkdownReport.render(report)).contains("## Efficiency").contains("| bm25 | 1.50 |");
        assertThat(HtmlReport.render(report)).contains("<section id=\"efficiency\">").contains("<td>2000.0</td>");
        assertThat(CsvReport.metrics(report)).contains("bm25,efficiency,,search_q_per_s,2000.0,5")
                .contains("bm25,efficiency,,latency_p99_us,4000,5").contains("m/exact,efficiency,,index_build_ms,,0");
    }

    @Test
    void reportJsonCarriesTheBlockWithNullForNotMeasured() throws Exception {
        JsonNode json = new ObjectMapper().readTree(JsonReport.render(report(twoRetrievers())));
        JsonNode bm25 = json.path("efficiency").path("bm25");
        assertThat(bm25.path("searchQueriesPerSecond").asDouble()).isEqualTo(2000.0);
        assertThat(bm25.path("latencyP50Micros").asLong()).isEqualTo(250L);
        assertThat(bm25.path("latencyP99Micros").asLong()).isEqualTo(4000L);
        assertThat(bm25.path("indexBuildMs").asDouble()).isEqualTo(1500.0);
        assertThat(bm25.path("embedTextsPerSecond").isNull()).isTrue();
        assertThat(json.path("efficiency").path("m/exact").path("indexBuildMs").isNull()).isTrue();
    }

    /** {@code bench eval} of run files measures nothing: no section anywhere, and report.json has no key. */
    @Test
    void nothingMeasuredLeavesEveryFileAsBefore() throws Exception {
        EvalReport plain = new EvalReport("clirbench test", null, "q.txt", 10, 1, false, 0, List.of(), null);
        assertThat(new ObjectMapper().readTree(JsonReport.render(plain)).has("efficiency")).isFalse();
        assertThat(MarkdownReport.render(plain)).isEqualTo(MarkdownReport.render(plain.withEfficiency(Map.of())))
                .doesNotContain("Efficiency");
        assertThat(HtmlReport.render(plain)).doesNotContain("id=\"efficiency\"");
        assertThat(CsvReport.metrics(plain)).doesNotContain("efficiency");
    }
}
