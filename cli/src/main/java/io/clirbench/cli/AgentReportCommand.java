package io.clirbench.cli;

import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.ReportDownload;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bench agent report RUN}: the files of a closed and evaluated agent run, from the gateway. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes a closed and evaluated agent run's report files and run directory under results/RUN/.")
final class AgentReportCommand implements Callable<Integer> {

    @Mixin
    StackOptions stack;

    @Mixin
    GatewayOptions gatewayOptions;

    @Parameters(paramLabel = "RUN", description = "The agent run id.")
    String runId;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: results/RUN).")
    Path out;

    @Override
    public Integer call() {
        GatewayClient gateway = gatewayOptions.client(stack);
        Path dir = out != null ? out : Path.of("results", runId);
        var written = ReportDownload.writeAgent(gateway, runId, dir);
        System.err.println("wrote " + dir + " (" + written.size() + " files: " + String.join(", ", written) + ")");
        return 0;
    }
}
