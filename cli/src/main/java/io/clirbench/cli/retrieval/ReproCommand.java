package io.clirbench.cli.retrieval;

import io.clirbench.cli.GatewayOptions;
import io.clirbench.cli.RunNames;
import io.clirbench.cli.StackOptions;
import io.clirbench.cli.stack.UpCommand;
import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.RunFollower;
import io.clirbench.cli.stack.LocalStack;
import io.clirbench.cli.stack.StackConfig;
import io.clirbench.cli.stack.StackState;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.DatasetSample;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.ReportMeasures;
import io.clirbench.core.eval.RetrievalEvaluation;
import io.clirbench.core.eval.RunEvaluation;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.report.CsvReport;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.repro.MetricTable;
import io.clirbench.core.repro.ReproCheck;
import io.clirbench.core.repro.ReproSpec;
import io.clirbench.core.repro.ReproSpecReader;
import io.clirbench.core.repro.ReproValues;
import io.clirbench.core.run.RunState;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.stats.Stats;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code bench repro FILE}: evaluates what a reproduction file names and prints OK/FAIL per expected value. */
@Command(name = "repro", mixinStandardHelpOptions = true,
        description = {"Runs a reproduction file (repro/*.yaml) and prints OK or FAIL for every expected value.",
                "Scores its QA predictions or agent run offline, evaluates its run files offline, or runs its retrievers "
                + "(any kind) through the local stack (started with the encoders they name when none runs, stopped "
                + "afterwards) or through --gateway; every value is printed with its tolerance and source. Exit status 0 when every value is OK, 1 otherwise."})
public final class ReproCommand implements Callable<Integer> {

    @Mixin
    StackOptions stack;

    @Mixin
    GatewayOptions gatewayOptions;

    @Parameters(paramLabel = "FILE", description = "The reproduction file(s).", arity = "1..*")
    List<Path> files;

    @Override
    public Integer call() {
        int failed = 0;
        for (Path file : files) {
            ReproSpec spec = ReproSpecReader.read(file);
            System.out.println("== " + spec.name() + " (" + file + ")");
            for (ReproCheck.Outcome outcome : ReproCheck.check(spec.expected(), values(spec))) {
                System.out.println(outcome.line());
                failed += outcome.ok() ? 0 : 1;
            }
        }
        System.out.println(failed == 0 ? "all values OK" : failed + " value(s) FAIL");
        return failed == 0 ? 0 : 1;
    }

    /** What the file checks: its QA predictions or agent run scored, its run files evaluated, or its retrievers run. */
    private MetricTable values(ReproSpec spec) {
        if (spec.qa() != null) {
            return ReproValues.qa(spec.qa());
        }
        if (spec.agent() != null) {
            return ReproValues.agent(spec.agent());
        }
        return MetricTable.parse(spec.stack() == null ? offline(spec) : throughStack(spec));
    }

    /** As {@code bench eval --dataset D --run R ... --bootstrap B}: the report's metrics.csv. */
    private static String offline(ReproSpec spec) {
        Dataset dataset = DatasetReader.readForEvaluation(spec.dataset(), (file, line, what) -> { });
        RunEvaluator evaluator = RunEvaluator.forDataset(dataset, ReportMeasures.STANDARD,
                LanguageMetricsConfig.defaults(spec.depth()).withSeed(spec.seed()), List.of());
        List<RunEvaluation> evaluations = new ArrayList<>();
        for (Path run : spec.runs()) {
            evaluations.add(evaluator.evaluate(RunNames.of(run), run, notice -> System.err.println("note: " + notice)));
        }
        EvalReport report = RetrievalEvaluation.evaluate(dataset, evaluator, evaluations, spec.depth(),
                new Stats(spec.bootstrap(), spec.seed()), System.err::println);
        return CsvReport.metrics(report);
    }

    /**
     * One run of the file's retrievers through the local stack (started with the encoders they name when none runs), or
     * through the gateway of {@code --gateway} (which must know every kind and encoder they name); the report's metrics.csv.
     */
    private String throughStack(ReproSpec spec) {
        Path datasetDir = dataset(spec);
        boolean givenGateway = gatewayOptions.url != null;
        StackConfig config = givenGateway ? null : UpCommand.config(stack, models(spec.stack().retrievers()));
        boolean start = !givenGateway && !StackState.running(config.stateFile());
        LocalStack localStack = start ? new LocalStack(config, System.err) : null;
        StackState state = start ? localStack.up() : null;
        try {
            GatewayClient gateway = givenGateway ? gatewayOptions.client(stack)
                    : new GatewayClient(config.gatewayUrl(), gatewayOptions.token(stack));
            String datasetId = RunCommand.datasetId(gateway, datasetDir.toString());
            JsonNode run = gateway.submitRun(datasetId, spec.stack().retrievers(), spec.depth(), spec.seed(), spec.bootstrap());
            String id = run.path("id").asText();
            JsonNode end = new RunFollower(gateway, System.err, System.console() != null).follow(id, Duration.ofHours(6));
            if (!RunState.COMPLETED.is(end.path("state").asText())) {
                throw new IllegalStateException("run " + id + " ended " + end.path("state").asText() + ": "
                        + end.path("message").asText(""));
            }
            System.err.println("run " + id + " completed: " + gateway.shownUrl() + "/runs/" + id);
            return gateway.file(id, ReportFiles.METRICS_CSV);
        } finally {
            if (state != null) {
                localStack.stop(state);
            }
        }
    }

    /**
     * The encoders the stack must start for {@code retrievers}, in order of appearance: what each id names
     * ({@link RetrieverId#models()}; none for bm25 and translate, the first stage's and the re-scoring one for rerank, the
     * inputs' for fuse). An id of a kind only the gateway knows names none here: the stack's gateway runs it with what it
     * has.
     */
    public static List<String> models(List<String> retrievers) {
        return retrievers.stream().map(RetrieverId::parseAnyKind).flatMap(id -> id.models().stream()).distinct().toList();
    }

    private Path dataset(ReproSpec spec) {
        if (spec.stack().families() == 0) {
            return spec.dataset();
        }
        Dataset sample = DatasetSample.byFamilies(DatasetReader.read(spec.dataset()), spec.stack().families(),
                spec.stack().sampleSeed());
        Path dir = stack.stateDir().resolve("datasets").resolve(sample.info().id());
        DatasetWriter.write(sample, dir, true);
        return dir;
    }
}
