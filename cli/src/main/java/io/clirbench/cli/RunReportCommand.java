package io.clirbench.cli;

import io.clirbench.cli.gateway.GatewayClient;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What {@code bench report}, {@code bench qa report} and {@code bench agent report} share: the stack and gateway
 * options, {@code --out DIR} (default {@code results/RUN}) and the line naming what was written. Each subclass
 * declares its run id parameter and which of {@code ReportDownload}'s writers fetches its files.
 */
public abstract class RunReportCommand {

    /**
     * Fetches a run's files from the gateway and writes them under a directory, giving their names to
     * {@code beforeWrite} first (a refusal there writes nothing); returns the names written.
     */
    public interface Download {
        List<String> write(GatewayClient gateway, String runId, Path dir, Consumer<List<String>> beforeWrite);
    }

    @Mixin
    StackOptions stack;

    @Mixin
    GatewayOptions gatewayOptions;

    @Option(names = "--out", paramLabel = "DIR", description = "Output directory (default: results/RUN).")
    Path out;

    @Mixin
    FollowSymlinksOption links;

    /** Writes the run's files with {@code download} and says where; the exit status 0. */
    public final int report(String runId, Download download) {
        Path dir = out != null ? out : Path.of("results", runId);
        Path target = links.check(dir, List.of(), List.of()); // before the gateway is asked
        List<String> written = download.write(gatewayOptions.client(stack), runId, target,
                names -> links.check(dir, List.of(), FollowSymlinksOption.inside(dir, names)));
        System.err.println("wrote " + dir + " (" + String.join(", ", written) + ")");
        return 0;
    }
}
