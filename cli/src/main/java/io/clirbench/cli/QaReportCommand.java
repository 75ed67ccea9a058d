package io.clirbench.cli;

import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.ReportDownload;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bench qa report RUN}: the report files and predictions of a completed QA run, from the gateway. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes a completed QA run's report files and each system's predictions under results/RUN/.")
final class QaReportCommand implements Callable<Integer> {

    @Mixin
    StackOptions stack;

    @Mixin
    GatewayOptions gatewayOptions;

    @Parameters(paramLabel = "RUN", description = "The QA run id.")
    String runId;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: results/RUN).")
    Path out;

    @Override
    public Integer call() {
        GatewayClient gateway = gatewayOptions.client(stack);
        Path dir = out != null ? out : Path.of("results", runId);
        var written = ReportDownload.writeQa(gateway, runId, dir);
        System.err.println("wrote " + dir + " (" + String.join(", ", written) + ")");
        return 0;
    }
}
