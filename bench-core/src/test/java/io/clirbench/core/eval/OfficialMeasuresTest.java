package io.clirbench.core.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.dataset.DatasetInfoReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.metrics.StandardResult;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A dataset's {@code "officialMeasures"} (NeuCLIR's nDCG@20) joins every report's measures, checked when read. */
class OfficialMeasuresTest {

    @TempDir
    Path tmp;

    @Test
    void aNeuclirStyleDatasetIsReportedWithNdcgAt20() {
        // q1 judges d3 (1), d22 (2) and d5 (0); the run ranks d1..d14, then d22 at 15, then d15..d21, d23..d25.
        // DCG@10 = 1/log2(4) = 0.5 (d3 at 3); DCG@20 adds 2/log2(16) = 0.5 (d22 at 15): 1.0.
        // ideal: 2/log2(2) + 1/log2(3) = 2.6309298; nDCG@10 = 0.1900468, nDCG@20 = 0.3800936
        Map<String, String> extra = Map.of("officialMeasures", "[\"nDCG@20\"]");
        DatasetInfo info = new DatasetInfo("neuclir-mini", "mini", "1", "CC-BY-4.0", "test", List.of("en"), false, extra);
        List<Document> corpus = new ArrayList<>();
        for (int d = 1; d <= 25; d++) {
            corpus.add(new Document("d" + d, null, "text " + d, "en", "f" + d, null));
        }
        Dataset dataset = new Dataset(info, corpus, List.of(new Query("q1", "question", "en", "f3", null)),
                Qrels.of(Map.of("q1", Map.of("d3", 1, "d22", 2, "d5", 0))));
        List<String> ranked = new ArrayList<>();
        for (int d = 1; d <= 14; d++) {
            ranked.add("d" + d);
        }
        ranked.add("d22");
        for (int d : new int[] {15, 16, 17, 18, 19, 20, 21, 23, 24, 25}) {
            ranked.add("d" + d);
        }
        StandardResult standard = JudgedDataset.of(dataset).evaluator(LanguageMetricsConfig.defaults(1000), List.of())
                .evaluate("run", "lists", List.of(new RankedList("q1", ranked.toArray(String[]::new), new double[ranked.size()])))
                .report().standard();
        assertThat(standard.measureNames()).endsWith("nDCG@20").contains("nDCG@10", "MAP");
        double ideal = 2 + 1 / (Math.log(3) / Math.log(2));
        assertThat(standard.means()[standard.measureNames().indexOf("nDCG@10")]).isCloseTo(0.5 / ideal, within(1e-12));
        assertThat(standard.means()[standard.measureNames().indexOf("nDCG@20")]).isCloseTo(1.0 / ideal, within(1e-12));
        assertThat(ReportMeasures.forDataset(new DatasetInfo("x", "x", "1", "x", "x", List.of("en"), false)))
                .isSameAs(ReportMeasures.STANDARD);
    }

    @Test
    void aMisspeltOfficialMeasureIsRefusedWhenTheDescriptorIsRead() throws Exception {
        for (String bad : List.of("[\"ndcg@20\"]", "\"nDCG@20\"", "[]", "[20]")) {
            Path file = tmp.resolve("dataset.json");
            Files.writeString(file, "{\"id\": \"d\", \"officialMeasures\": " + bad + "}");
            Problems problems = new Problems();
            assertThat(DatasetInfoReader.read(file, null, problems)).as(bad).isNull();
            assertThat(problems.list().toString()).as(bad).contains("dataset.json", "'officialMeasures'");
        }
        assertThat(problemsOf("[\"ndcg@20\"]")).contains("unknown measure 'ndcg@20'", "nDCG@k");
    }

    private String problemsOf(String value) throws Exception {
        Path file = tmp.resolve("dataset.json");
        Files.writeString(file, "{\"id\": \"d\", \"officialMeasures\": " + value + "}");
        Problems problems = new Problems();
        DatasetInfoReader.read(file, null, problems);
        return problems.list().toString();
    }
}
