package io.clirbench.cli.retrieval;

import io.clirbench.cli.RunReportCommand;
import io.clirbench.cli.gateway.ReportDownload;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code bench report RUN}: the report files of a completed run. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes a completed run's report (HTML, Markdown, JSON, CSV) and its TREC run files under results/RUN/.")
public final class ReportCommand extends RunReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RUN", description = "The run id.")
    String runId;

    @Override
    public Integer call() {
        return report(runId, ReportDownload::write);
    }
}
