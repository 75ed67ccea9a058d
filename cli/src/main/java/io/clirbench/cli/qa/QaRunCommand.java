package io.clirbench.cli.qa;

import io.clirbench.cli.GatewayOptions;
import io.clirbench.cli.StackOptions;
import io.clirbench.cli.StatsOptions;
import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.cli.gateway.api.EncoderView;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.RunFollower;
import io.clirbench.core.qa.select.QaSystemId;
import io.clirbench.core.run.RunState;
import io.clirbench.core.stats.Stats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code bench qa run}: submits a QA run to the gateway (registering the dataset directory first), follows it, prints the table. */
@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs QA systems on the platform: evidence selectors through the embedder pods (select:MODEL), the "
                + "lexical baseline (select:lexical) or uploaded prediction files (predictions:NAME).",
                "The eval-service scores them with the code of bench qa eval, and the same table is printed."})
public final class QaRunCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Mixin
    StackOptions stack;

    @Mixin
    GatewayOptions gatewayOptions;

    @Option(names = "--dataset", required = true, paramLabel = "DIR|ID", description = "A QA dataset directory (registered first) or a registered id.")
    String dataset;

    @Option(names = "--system", paramLabel = "S",
            description = "select:lexical, select:MODEL or predictions:NAME; repeatable (default: select:lexical and select:MODEL for every encoder).")
    List<String> systems;

    @Option(names = "--reader", paramLabel = "NAME",
            description = {"A reader of the gateway's configuration, by name: NAME of qa.readers.NAME.base-url, or 'configured' "
                    + "(qa.reader.base-url). A URL is refused: the gateway calls only the readers its operator configured."})
    String reader;

    @Option(names = "--reader-model", paramLabel = "NAME",
            description = "The reader's model name (default: the gateway's qa.readers.NAME.model, else qa.reader.model).")
    String readerModel;

    @Option(names = "--evidence", defaultValue = "selected", paramLabel = "E",
            description = "What the reader reads: selected (default) or gold (the oracle-evidence task).")
    String evidence;

    @Option(names = "--paragraphs", defaultValue = "1", paramLabel = "K", description = "Selector: top paragraphs kept (default: ${DEFAULT-VALUE}).")
    int paragraphs;

    @Option(names = "--sentences", defaultValue = "1", paramLabel = "K", description = "Selector: top sentences per paragraph (default: ${DEFAULT-VALUE}).")
    int sentences;

    @Option(names = "--protocol", defaultValue = "unicode", paramLabel = "P", description = "unicode (default), legacy or hotpot.")
    String protocol;

    @Mixin
    StatsOptions statsOptions;

    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        statsOptions.stats(); // a bad --bootstrap is a usage error before the gateway is asked anything
        List<String> chosen = systems == null ? List.of() : systems;
        for (String s : chosen) {
            try {
                QaSystemId.parse(s);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--system: " + e.getMessage());
            }
        }
        if (reader != null && (reader.contains(":") || reader.contains("/"))) {
            throw new ParameterException(spec.commandLine(), "--reader '" + reader + "': the name of a reader of the gateway's "
                    + "configuration (qa.readers.NAME.base-url, or 'configured'), not a URL");
        }
        GatewayClient gateway = gatewayOptions.client(stack);
        Path dir = Path.of(dataset);
        String id = Files.isDirectory(dir) ? gateway.registerQaDataset(dir).path("id").asText() : dataset;
        return submitFollowAndPrint(gateway, body(id, chosen.isEmpty() ? defaults(gateway) : chosen), System.console() != null);
    }

    /** Submits a QA run, follows it to its end and prints its table (report.txt); 0 when it COMPLETED, else 1. */
    static int submitFollowAndPrint(GatewayClient gateway, ObjectNode body, boolean console) {
        return printTable(gateway, submitAndFollow(gateway, body, console));
    }

    /** Submits a QA run and follows it to its end; returns the run as it ended. */
    public static JsonNode submitAndFollow(GatewayClient gateway, ObjectNode body, boolean console) {
        JsonNode run = gateway.submitQaRun(body);
        String runId = run.path("id").asText();
        System.err.println("QA run " + runId + " submitted: " + gateway.shownUrl() + "/qa-runs/" + runId);
        return RunFollower.forQa(gateway, System.err, console).follow(runId, Duration.ofHours(6));
    }

    /** Prints a finished QA run's table (report.txt) and page; 0 when it COMPLETED, else 1 (its state and message printed). */
    public static int printTable(GatewayClient gateway, JsonNode end) {
        String runId = end.path("id").asText();
        if (!RunState.COMPLETED.is(end.path("state").asText())) {
            System.err.println("QA run " + runId + " " + end.path("state").asText() + ": " + end.path("message").asText(""));
            return 1;
        }
        System.out.print(gateway.qaFile(runId, io.clirbench.core.report.ReportFiles.TEXT));
        System.out.println("report: " + gateway.shownUrl() + "/qa-runs/" + runId);
        return 0;
    }

    ObjectNode body(String datasetId, List<String> systemIds) {
        Stats stats = statsOptions.stats();
        ObjectNode body = JSON.createObjectNode().put("dataset", datasetId).put("protocol", protocol).put("seed", stats.seed())
                .put("bootstrap", stats.bootstrap()).put("paragraphs", paragraphs).put("sentences", sentences).put("evidence", evidence);
        systemIds.forEach(body.putArray("systems")::add);
        if (reader != null) {
            body.put("reader", reader);
        }
        if (readerModel != null) {
            body.put("readerModel", readerModel);
        }
        return body;
    }

    /** select:lexical plus select:MODEL for every encoder the gateway knows. */
    static List<String> defaults(GatewayClient gateway) {
        List<String> all = new ArrayList<>(List.of(QaSystemId.lexical().id()));
        for (EncoderView encoder : gateway.encoders()) {
            all.add(QaSystemId.encoder(encoder.modelId()).id());
        }
        return all;
    }
}
