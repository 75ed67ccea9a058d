package io.clirbench.cli.construct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchRun;
import io.clirbench.core.io.Csv;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bench build audit-sample} on ChemCLIR's released QAC sample, and {@code bench build agreement} on a hand table. */
class BuildAuditCommandsTest {

    static final Path QAC = Path.of(System.getProperty("project.root", "..")).resolve("../shared/data/chemclir/balanced_100_qac.csv");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void aStratifiedSampleTakesEveryStratumInTurnAndHidesTheVerifiersScores() throws Exception {
        Path a = dir.resolve("a.csv");
        BenchRun run = BenchRun.of("build", "audit-sample", "--qac", QAC.toString(), "--size", "16", "--seed", "3", "--out", a.toString());
        assertThat(run.code()).as(run.err()).isZero();
        List<List<String>> rows = Csv.parse(Files.readString(a));
        assertThat(rows.get(0)).containsExactlyElementsOf(BuildAuditSampleCommand.COLUMNS).doesNotContain("total_score", "faith_overall");
        // 2 modes x 4 question languages (README: every stratum has at least 11 rows): 16 = two rounds of 8
        Map<String, Integer> strata = new TreeMap<>();
        rows.subList(1, rows.size()).forEach(r -> strata.merge(r.get(4) + "/" + r.get(3), 1, Integer::sum));
        assertThat(strata).hasSize(8).allSatisfy((k, n) -> assertThat(n).isEqualTo(2));
        assertThat(rows.get(1).get(5)).contains("no --corpus");
        Path b = dir.resolve("b.csv");
        assertThat(BenchRun.of("build", "audit-sample", "--qac", QAC.toString(), "--size", "16", "--seed", "3", "--out", b.toString()).code())
                .isZero();
        assertThat(Files.readAllBytes(b)).isEqualTo(Files.readAllBytes(a));
    }

    @Test
    void agreementOfAHandTableAndClearErrors() throws Exception {
        Path qac = dir.resolve("qac.csv");
        Files.writeString(qac, "question,total_score\r\nq1,40\r\nq2,36\r\nq3,32\r\nq4,24\r\nq5,20\r\nq6,12\r\n");
        Path first = dir.resolve("first.csv");
        Files.writeString(first, "sample_id,qac_row,human_score,annotator\naudit-001,1,9,x\naudit-002,2,8,x\naudit-003,3,7,x\n"
                + "audit-004,4,3,x\naudit-005,5,5,x\naudit-006,6,2,x\n");
        Path second = dir.resolve("second.csv");
        Files.writeString(second, "sample_id,qac_row,human_score,annotator\naudit-003,3,6,y\n");
        Path out = dir.resolve("agreement");
        BenchRun run = BenchRun.of("build", "agreement", "--qac", qac.toString(), "--scores", first.toString(), "--scores", second.toString(),
                "--bootstrap", "500", "--out", out.toString());
        assertThat(run.code()).as(run.err()).isZero();
        JsonNode r = JSON.readTree(out.resolve("agreement.json").toFile());
        // the table of AgreementTest: 7 ratings of 6 items
        assertThat(r.get("items").asInt()).isEqualTo(6);
        assertThat(r.get("ratings").asInt()).isEqualTo(7);
        assertThat(r.at("/human_mean/value").asDouble()).isCloseTo(40.0 / 7, within(1e-12));
        assertThat(r.at("/rejection_share_0_to_3/value").asDouble()).isCloseTo(2.0 / 7, within(1e-12));
        assertThat(r.at("/spearman/value").asDouble()).isCloseTo(0.9549937104572925, within(1e-12));
        assertThat(r.at("/quadratic_weighted_kappa/value").asDouble()).isCloseTo(70.0 / 87, within(1e-12));
        assertThat(r.at("/quadratic_weighted_kappa/ci_low").asDouble()).isLessThanOrEqualTo(r.at("/quadratic_weighted_kappa/ci_high").asDouble());
        assertThat(run.out()).contains("quadratic_weighted_kappa | 0.8046");
        // AgreementTest's hand table again: MAE 9/7, 5 of 7 in the same band, AC1 over the bands 79/135
        assertThat(r.at("/mean_absolute_error/value").asDouble()).isCloseTo(9.0 / 7, within(1e-12));
        assertThat(r.at("/band_agreement/value").asDouble()).isCloseTo(5.0 / 7, within(1e-12));
        assertThat(r.at("/gwet_ac1_bands/value").asDouble()).isCloseTo(79.0 / 135, within(1e-12));
        assertThat(run.out()).contains("gwet_ac1_bands | 0.5852", "bands: reject 0-3, borderline 4-6, accept 7-10");

        Files.writeString(second, "sample_id,qac_row,human_score,annotator\naudit-003,3,11,y\n");
        BenchRun bad = BenchRun.of("build", "agreement", "--qac", qac.toString(), "--scores", second.toString());
        assertThat(bad.code()).isEqualTo(1);
        assertThat(bad.err()).contains("second.csv: data row 1 (audit-003): human_score 11 is outside 0-10");
        Files.writeString(second, "sample_id,qac_row,human_score,annotator\naudit-003,3,,y\n");
        assertThat(BenchRun.of("build", "agreement", "--qac", qac.toString(), "--scores", second.toString()).err())
                .contains("human_score '' is not an integer from 0 to 10 (not scored yet?)");
        Files.writeString(second, "sample_id,qac_row,human_score,annotator\naudit-009,99,5,y\n");
        assertThat(BenchRun.of("build", "agreement", "--qac", qac.toString(), "--scores", second.toString()).err())
                .contains("qac_row 99 is not a data row of");
    }
}
