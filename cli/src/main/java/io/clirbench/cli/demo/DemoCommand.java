package io.clirbench.cli.demo;

import io.clirbench.cli.LexiconCacheOption;
import io.clirbench.cli.StackOptions;
import io.clirbench.cli.StatsOptions;
import io.clirbench.cli.TokenOption;
import io.clirbench.cli.dict.DictCommand;
import io.clirbench.cli.qa.QaRunCommand;
import io.clirbench.cli.retrieval.RunCommand;
import io.clirbench.cli.stack.UpCommand;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.stack.LocalStack;
import io.clirbench.cli.gateway.ReportDownload;
import io.clirbench.cli.gateway.RunFollower;
import io.clirbench.cli.stack.StackConfig;
import io.clirbench.cli.stack.StackState;
import io.clirbench.core.search.IndexKind;
import io.clirbench.core.qa.select.QaSystemId;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.DatasetSample;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.qa.construct.QaSample;
import io.clirbench.core.qa.format.QaDatasetReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench demo}: up, one run of BM25 and every built-in encoder on xquad-clir, the report, then a short QA run
 * (the lexical selector and every built-in encoder as evidence selectors on a sample of xquad-mix), down.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Starts the local stack, runs BM25 and every built-in encoder on a sample of xquad-clir, then the same "
                + "encoders as QA evidence selectors on a sample of xquad-mix, prints both tables and writes both reports "
                + "under results/RUN/.",
                "The retrieval part uses exact search; the QA part the lexical selector and select:MODEL of every encoder. "
                + "By default seeded samples keep it to a few minutes on 2 cores; --full runs all of xquad-clir, "
                + "--qa-sources N sizes the QA sample, --no-qa skips the QA part. Each part's wall time and report "
                + "directory are printed at the end; the exit status is 0 only when every part succeeded, and a failed "
                + "part is named with its reason in one line."})
public final class DemoCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Mixin
    StackOptions stack;

    @Mixin
    TokenOption tokenOption;

    @Option(names = "--families", defaultValue = "40", paramLabel = "N",
            description = "Paragraph families to sample (12 language versions each; default: ${DEFAULT-VALUE}).")
    int families;

    @Option(names = "--full", description = "The whole dataset: 2,880 documents and 1,200 queries (tens of minutes on 2 cores).")
    boolean full;

    @Option(names = "--models", split = ",", paramLabel = "ID", description = "Encoders to run (default: every built-in model).",
            defaultValue = StackConfig.BUILT_IN_MODEL_LIST)
    List<String> models;

    @Mixin
    StatsOptions statsOptions;

    @Option(names = "--retriever", paramLabel = "R",
            description = "Retrievers to run instead of bm25 and MODEL/exact of every model (repeatable; any kind: "
                    + "translate(bm25, en), MODEL+align/exact, fuse(rrf, A, B), rerank(A, MODEL, K)).")
    List<String> retrieverIds;

    @Option(names = "--qa-sources", defaultValue = "3", paramLabel = "N",
            description = "QA part: source questions of xquad-mix to sample, every instance of each (all languages and "
                    + "conditions; default: ${DEFAULT-VALUE}).")
    int qaSources;

    @Option(names = "--no-qa", description = "Skip the QA part.")
    boolean noQa;

    @Option(names = "--keep-up", description = "Leave the stack running afterwards (stop it with ./bench down).")
    boolean keepUp;

    @Override
    public Integer call() {
        statsOptions.stats(); // a bad --bootstrap is a usage error before anything starts
        long start = System.nanoTime();
        Path datasetDir = prepareDataset();
        StackConfig config = UpCommand.config(stack, models);
        boolean started = !StackState.running(config.stateFile());
        LocalStack localStack = new LocalStack(config, System.err);
        StackState state = null;
        if (started) {
            System.err.println("starting the local stack (logs in " + config.logDir() + ") ...");
            long upStart = System.nanoTime();
            state = localStack.up();
            System.out.printf(Locale.ROOT, "demo local stack up in %.1f s%n", (System.nanoTime() - upStart) / 1e9);
        } else {
            System.err.println("using the running local stack (" + config.stateFile() + ")");
        }
        List<DemoPart> parts = new ArrayList<>();
        try {
            GatewayClient gateway = new GatewayClient(config.gatewayUrl(), tokenOption.resolve(stack));
            parts.add(DemoPart.run("retrieval", () -> retrievalPart(gateway, datasetDir)));
            if (!noQa) {
                parts.add(DemoPart.run("QA", () -> qaPart(gateway)));
            }
        } finally {
            if (started && !keepUp && state != null) {
                localStack.stop(state);
                System.err.println("local stack stopped");
            }
        }
        return DemoPart.summarize(parts, (System.nanoTime() - start) / 1e9, System.out, System.err);
    }

    /** BM25 and MODEL/exact of every model (or the --retriever ids) on the dataset; its table printed, its files written. */
    private Path retrievalPart(GatewayClient gateway, Path datasetDir) {
        String datasetId = RunCommand.datasetId(gateway, datasetDir.toString());
        List<String> retrievers = new ArrayList<>(List.of(RetrieverId.bm25().id()));
        models.forEach(m -> retrievers.add(RetrieverId.dense(m, IndexKind.EXACT).id()));
        if (retrieverIds != null && !retrieverIds.isEmpty()) {
            retrievers.clear();
            retrievers.addAll(retrieverIds);
        }
        if (retrievers.stream().anyMatch(r -> RetrieverId.parseAnyKind(r).usesLexicons())) {
            fetchLexicons(datasetDir);
        }
        JsonNode run = gateway.submitRun(datasetId, retrievers, 1000, statsOptions.stats().seed(), statsOptions.stats().bootstrap());
        String id = run.path("id").asText();
        System.err.println("run " + id + ": " + String.join(", ", retrievers) + " on " + datasetId);
        JsonNode end = new RunFollower(gateway, System.err, System.console() != null).follow(id, Duration.ofHours(6));
        if (RunCommand.finish(gateway, end) != 0) {
            throw DemoPart.Failure.ended("run " + id, end);
        }
        Path out = Path.of("results", id);
        ReportDownload.write(gateway, id, out);
        printTimings(end);
        return out;
    }

    /**
     * What {@code bench dict fetch --languages ...} does for the dataset's languages, into the stack's lexicon cache
     * (pairs already there are kept): a translate retriever's routes without a lexicon would search untranslated. A
     * failed fetch (no apt-get, no Debian mirror) is reported and the demo goes on; its report names the routes
     * without a dictionary.
     */
    private void fetchLexicons(Path datasetDir) {
        List<String> languages = DatasetReader.read(datasetDir).info().languages();
        System.err.println("fetching FreeDict lexicons between " + languages + " (as bench dict fetch --languages "
                + String.join(",", languages) + ") ...");
        try {
            java.util.Set<io.clirbench.core.lexicon.LanguagePair> pairs = DictCommand.packagedPairs(languages);
            java.io.PrintWriter err = new java.io.PrintWriter(System.err, true);
            int failed = DictCommand.fetchAll(pairs, LexiconCacheOption.defaultDir(stack), false, err, err);
            if (failed > 0) {
                System.err.println(failed + " of " + pairs.size() + " lexicons could not be fetched; their routes search"
                        + " the untranslated query (the report lists the routes without a dictionary)");
            }
        } catch (java.io.IOException e) {
            System.err.println("no lexicons fetched (" + e.getMessage() + "); translate's routes search the untranslated"
                    + " query (the report lists the routes without a dictionary)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while fetching lexicons", e);
        }
    }

    private Path prepareDataset() {
        Path shipped = StackOptions.home().resolve("datasets/xquad-clir");
        Dataset dataset = DatasetReader.read(shipped);
        if (full) {
            System.out.printf(Locale.ROOT, "demo dataset: %s, all %,d documents and %,d queries%n", dataset.info().id(),
                    dataset.corpus().size(), dataset.queries().size());
            return shipped;
        }
        Dataset sample = DatasetSample.byFamilies(dataset, families, 7);
        Path dir = stack.stateDir().resolve("datasets").resolve(sample.info().id());
        DatasetWriter.write(sample, dir, true);
        System.out.printf(Locale.ROOT, "demo dataset: %s, a seeded sample of %d paragraph families of %s: %,d of %,d documents, "
                        + "%,d of %,d queries (--full runs everything; --families N changes the sample)%n",
                sample.info().id(), families, dataset.info().id(), sample.corpus().size(), dataset.corpus().size(),
                sample.queries().size(), dataset.queries().size());
        return dir;
    }

    /**
     * The QA part: select:lexical and select:MODEL of every model on a seeded sample of xquad-mix, its table
     * printed, its files written. The sample is written under the stack's {@code datasets/}, one of the gateway's
     * dataset roots ({@link StackConfig#datasetRoots()}), so it can be registered by path.
     */
    private Path qaPart(GatewayClient gateway) {
        Path shipped = StackOptions.home().resolve("datasets/xquad-mix");
        Path dir = QaSample.writeBySource(shipped, qaSources, 7, stack.stateDir().resolve("datasets"));
        int sampled = QaDatasetReader.open(dir).count();
        List<String> systems = new ArrayList<>(List.of(QaSystemId.lexical().id()));
        models.forEach(m -> systems.add(QaSystemId.encoder(m).id()));
        System.out.printf(Locale.ROOT, "demo QA: %s, every instance (all languages and conditions) of %d seeded source questions "
                        + "of %s: %,d of %,d instances; systems %s (--qa-sources N changes the sample, --no-qa skips it)%n",
                dir.getFileName(), qaSources, shipped.getFileName(), sampled, QaDatasetReader.open(shipped).count(),
                String.join(", ", systems));
        ObjectNode body = JSON.createObjectNode().put("dataset", gateway.registerQaDataset(dir).path("id").asText()).put("seed", statsOptions.stats().seed())
                .put("bootstrap", statsOptions.stats().bootstrap());
        systems.forEach(body.putArray("systems")::add);
        JsonNode end = QaRunCommand.submitAndFollow(gateway, body, System.console() != null);
        String id = end.path("id").asText();
        if (QaRunCommand.printTable(gateway, end) != 0) {
            throw DemoPart.Failure.ended("QA run " + id, end);
        }
        Path out = Path.of("results", id);
        ReportDownload.writeQa(gateway, id, out);
        return out;
    }

    /** Where the time went: embedding and search against the distributed path (publish + evaluation). */
    private static void printTimings(JsonNode run) {
        JsonNode t = run.path("timings");
        double embed = t.path("embedMillis").asDouble() / 1000;
        double index = t.path("indexMillis").asDouble() / 1000;
        double search = t.path("searchMillis").asDouble() / 1000;
        double publish = t.path("publishMillis").asDouble() / 1000;
        double eval = t.path("evalMillis").asDouble() / 1000;
        System.out.printf(Locale.ROOT, "time: embed %.1f s, index %.1f s, search %.1f s, publish %.1f s, evaluation %.1f s%n",
                embed, index, search, publish, eval);
    }
}
