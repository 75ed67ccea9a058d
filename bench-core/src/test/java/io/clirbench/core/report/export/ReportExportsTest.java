package io.clirbench.core.report.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.report.JsonReport;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which files the exports are, by format; format names; and the report read back from its JSON for them. */
class ReportExportsTest {

    @Test
    void eachFormatWritesItsFilesUnderExport() {
        EvalReport report = ExportFixture.report("bm25", "a/b");
        ExportInputs inputs = new ExportInputs(ExportFixture.LANGUAGES,
                Map.of("bm25", sink -> ExportFixture.lists().forEach(sink)), ExportFixture.QRELS);

        Map<String, String> files = ReportExports.render(report, EnumSet.allOf(ExportFormat.class), inputs);

        // a/b has no lists at hand: no ranx run file for it
        assertThat(files.keySet()).containsExactly("export/mteb/bm25.json", "export/mteb/a_b.json",
                "export/ranx/bm25.run.json", "export/ranx/qrels.json", "export/trec_eval/bm25.txt", "export/trec_eval/a_b.txt",
                "export/tables.tex");
        assertThat(ReportExports.names(List.of("bm25", "a/b"), EnumSet.allOf(ExportFormat.class), Set.of("bm25"), true))
                .containsExactlyElementsOf(files.keySet());
        assertThat(ReportExports.render(report, EnumSet.of(ExportFormat.LATEX), ExportInputs.none()).keySet())
                .containsExactly("export/tables.tex");
    }

    @Test
    void runNamesBecomeDistinctVisibleFileNames() {
        assertThat(ReportExports.fileNames(List.of("a/b", "a_b", "..", "e5(x)")).values())
                .containsExactly("a_b", "a_b-2", "run..", "e5_x_");
    }

    @Test
    void formatsAreNamedOneByOneOrAsACommaListAndAnUnknownOneListsTheValidOnes() {
        assertThat(ExportFormat.parse(List.of("mteb,trec-eval", "latex")))
                .containsExactly(ExportFormat.MTEB, ExportFormat.TREC_EVAL, ExportFormat.LATEX);
        assertThat(ExportFormat.parse(null)).isEqualTo(EnumSet.allOf(ExportFormat.class));
        assertThatThrownBy(() -> ExportFormat.parse(List.of("mteb,csv"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown export format 'csv'; valid formats: mteb, ranx, trec-eval, latex");
    }

    @Test
    void aReportReadBackFromItsJsonRendersTheSameExports() {
        EvalReport report = ExportFixture.report("bm25");

        EvalReport read = JsonReport.read(JsonReport.render(report), "report.json");

        assertThat(JsonReport.render(read)).isEqualTo(JsonReport.render(report));
        Set<ExportFormat> noRanx = EnumSet.of(ExportFormat.MTEB, ExportFormat.TREC_EVAL, ExportFormat.LATEX);
        assertThat(ReportExports.render(read, noRanx, ExportInputs.none()))
                .isEqualTo(ReportExports.render(report, noRanx, ExportInputs.none()));
        assertThatThrownBy(() -> JsonReport.read("{\"runs\": 3", "run r1 report.json"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("run r1 report.json: not a clirbench report.json");
    }
}
