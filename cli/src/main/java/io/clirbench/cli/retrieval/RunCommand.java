package io.clirbench.cli.retrieval;

import io.clirbench.cli.GatewayOptions;
import io.clirbench.cli.StackOptions;
import io.clirbench.cli.StatsOptions;
import io.clirbench.cli.SummaryTable;
import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.cli.gateway.api.EncoderView;
import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.RunFollower;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.run.RunState;
import io.clirbench.core.search.IndexKind;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.stats.Stats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench run}: submits a run to the gateway (or has an ended one evaluated again) and follows it. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Submits a benchmark run to the gateway (registering the dataset directory first), follows its "
                + "progress until the report is ready and prints the summary table.",
                "With --reevaluate RUN, has a COMPLETED or FAILED run evaluated again from the results the eval-service kept "
                        + "(nothing is searched again) and follows it the same way."})
public final class RunCommand implements Callable<Integer> {

    @Mixin
    StackOptions stack;

    @Mixin
    GatewayOptions gatewayOptions;

    @Option(names = "--dataset", paramLabel = "DIR|ID",
            description = "A dataset directory (registered with the gateway) or the id of a registered dataset.")
    String dataset;

    @Option(names = "--reevaluate", paramLabel = "RUN",
            description = "Evaluate the COMPLETED or FAILED run RUN again from its stored results, instead of submitting "
                    + "a new run (no --dataset, --retriever or other settings of a new run).")
    String reevaluate;

    /** The options of a new run, which --reevaluate excludes. */
    private static final List<String> SUBMISSION = List.of("--dataset", "--retriever", "--depth", "--upload", "--bootstrap",
            "--seed");

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--retriever", paramLabel = "R",
            description = "bm25 or MODEL/KIND (KIND: exact, hnsw, qdrant); repeatable (default: bm25 and MODEL/exact for every encoder).")
    List<String> retrievers;

    @Option(names = "--depth", defaultValue = "1000", paramLabel = "N", description = "Results per query (default: ${DEFAULT-VALUE}).")
    int depth;

    @Mixin
    StatsOptions statsOptions;


    @Option(names = "--no-follow", description = "Print the run id and return at once.")
    boolean noFollow;

    @Option(names = "--upload", description = "Upload the dataset directory as a zip instead of registering its path "
            + "(for a gateway that cannot read this machine's files, e.g. on Kubernetes).")
    boolean upload;

    @Override
    public Integer call() {
        if (reevaluate != null) {
            List<String> given = SUBMISSION.stream().filter(o -> spec.commandLine().getParseResult().hasMatchedOption(o)).toList();
            if (!given.isEmpty()) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--reevaluate " + reevaluate
                        + " evaluates an existing run again: it takes no " + String.join(", ", given)
                        + " (those are for a new run)");
            }
            GatewayClient gateway = gatewayOptions.client(stack);
            JsonNode run = gateway.reevaluateRun(reevaluate);
            System.err.println("run " + reevaluate + " is evaluated again (nothing searched again): " + gateway.shownUrl()
                    + "/runs/" + reevaluate);
            return follow(gateway, run);
        }
        if (dataset == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                    "Missing required option: '--dataset=DIR|ID' (or --reevaluate RUN to evaluate an existing run again)");
        }
        Stats stats = statsOptions.stats();
        GatewayClient gateway = gatewayOptions.client(stack);
        String datasetId = upload ? gateway.uploadDataset(Path.of(dataset)).path("id").asText() : datasetId(gateway, dataset);
        JsonNode run = gateway.submitRun(datasetId, retrievers(gateway, retrievers), depth, stats.seed(), stats.bootstrap());
        System.err.println("run " + run.path("id").asText() + " submitted: " + gateway.shownUrl() + "/runs/" + run.path("id").asText());
        warnings(run).forEach(w -> System.err.println("warning: " + w));
        return follow(gateway, run);
    }

    /** The gateway's preflight warnings of an accepted run (README "Preflight at submit"): near a limit of a service. */
    static List<String> warnings(JsonNode run) {
        List<String> out = new ArrayList<>();
        run.path("warnings").forEach(w -> out.add(w.asText()));
        return out;
    }

    /** Prints the id and returns with --no-follow; else follows the run to its end and prints its summary. */
    private int follow(GatewayClient gateway, JsonNode run) {
        String id = run.path("id").asText();
        if (noFollow) {
            String waiting = RunFollower.queued(run);
            if (!waiting.isEmpty()) {
                System.err.println(waiting);
            }
            System.out.println(id);
            return 0;
        }
        JsonNode end = new RunFollower(gateway, System.err, System.console() != null).follow(id, Duration.ofHours(6));
        return finish(gateway, end);
    }

    /** Prints the summary of a finished run; 0 when it completed, 1 otherwise. */
    public static int finish(GatewayClient gateway, JsonNode run) {
        String id = run.path("id").asText();
        if (!RunState.COMPLETED.is(run.path("state").asText())) {
            System.err.println("run " + id + " " + run.path("state").asText() + ": " + run.path("message").asText(""));
            return 1;
        }
        String console = gateway.optionalFile(id, ReportFiles.TEXT);
        // the same tables as bench eval; a report stored before report.txt existed has only its summary
        System.out.print(console != null ? console : SummaryTable.render(gateway.file(id, ReportFiles.SUMMARY_CSV)));
        System.out.println("report: " + gateway.shownUrl() + "/runs/" + id + "   (files: ./bench report " + id + ")");
        return 0;
    }

    /** A directory is registered (idempotent) and its id returned; anything else is taken as an id. */
    public static String datasetId(GatewayClient gateway, String dataset) {
        Path dir = Path.of(dataset);
        if (Files.isDirectory(dir)) {
            JsonNode registered = gateway.registerDataset(dir);
            return registered.path("id").asText();
        }
        if (dataset.contains("/") || dataset.contains(java.io.File.separator)) {
            throw new IllegalArgumentException("dataset directory " + dir + " does not exist");
        }
        return dataset;
    }

    /** The given retrievers, or bm25 plus MODEL/exact for every encoder the gateway knows. */
    static List<String> retrievers(GatewayClient gateway, List<String> given) {
        if (given != null && !given.isEmpty()) {
            return given;
        }
        List<String> all = new ArrayList<>(List.of(RetrieverId.bm25().id()));
        for (EncoderView encoder : gateway.encoders()) {
            all.add(RetrieverId.dense(encoder.modelId(), IndexKind.EXACT).id());
        }
        return all;
    }
}
