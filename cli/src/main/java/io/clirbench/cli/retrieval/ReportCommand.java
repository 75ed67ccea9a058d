package io.clirbench.cli.retrieval;

import io.clirbench.cli.RunReportCommand;
import io.clirbench.cli.gateway.ReportDownload;
import io.clirbench.core.report.export.ExportFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bench report RUN}: the report files of a completed run, its TREC runs and the exports. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes a completed run's report (HTML, Markdown, JSON, CSV), its TREC run files and the exports "
                + "(export/: trec_eval, MTEB, ranx, LaTeX) under results/RUN/.")
public final class ReportCommand extends RunReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RUN", description = "The run id.")
    String runId;

    @Option(names = "--format", split = ",", paramLabel = "F",
            description = "Exports written under export/: mteb, ranx, trec-eval, latex; repeatable or a comma list "
                    + "(default: all of them).")
    List<String> formats;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Set<ExportFormat> exports;
        try {
            exports = ExportFormat.parse(formats);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--format: " + e.getMessage());
        }
        return report(runId, (gateway, id, dir, beforeWrite) -> ReportDownload.write(gateway, id, dir, exports, beforeWrite));
    }
}
