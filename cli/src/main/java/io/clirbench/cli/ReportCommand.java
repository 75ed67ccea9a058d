package io.clirbench.cli;

import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.ReportDownload;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code bench report RUN}: the report files of a completed run. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes a completed run's report (HTML, Markdown, JSON, CSV) and its TREC run files under results/RUN/.")
final class ReportCommand implements Callable<Integer> {

    @Mixin
    StackOptions stack;

    @Mixin
    GatewayOptions gatewayOptions;

    @Parameters(paramLabel = "RUN", description = "The run id.")
    String runId;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: results/RUN).")
    Path out;


    @Override
    public Integer call() {
        GatewayClient gateway = gatewayOptions.client(stack);
        Path dir = out != null ? out : Path.of("results", runId);
        var written = ReportDownload.write(gateway, runId, dir);
        System.err.println("wrote " + dir + " (" + String.join(", ", written) + ")");
        return 0;
    }
}
