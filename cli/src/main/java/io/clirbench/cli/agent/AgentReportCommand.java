package io.clirbench.cli.agent;

import io.clirbench.cli.RunReportCommand;
import io.clirbench.cli.gateway.ReportDownload;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code bench agent report RUN}: the files of a closed and evaluated agent run, from the gateway. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes a closed and evaluated agent run's report files and run directory under results/RUN/.")
public final class AgentReportCommand extends RunReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RUN", description = "The agent run id.")
    String runId;

    @Override
    public Integer call() {
        return report(runId, ReportDownload::writeAgent);
    }
}
