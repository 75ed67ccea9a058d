package io.clirbench.cli.qa;

import io.clirbench.cli.RunReportCommand;
import io.clirbench.cli.gateway.ReportDownload;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code bench qa report RUN}: the report files and predictions of a completed QA run, from the gateway. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes a completed QA run's report files and each system's predictions under results/RUN/.")
public final class QaReportCommand extends RunReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RUN", description = "The QA run id.")
    String runId;

    @Override
    public Integer call() {
        return report(runId, ReportDownload::writeQa);
    }
}
