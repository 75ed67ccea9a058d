package io.clirbench.cli.retrieval;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.cli.QrelsPrefetch;
import io.clirbench.cli.Progress;
import io.clirbench.cli.RunNames;
import io.clirbench.cli.StatsOptions;
import io.clirbench.core.Version;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.IdCheck;
import io.clirbench.core.eval.RetrievalEvaluation;
import io.clirbench.core.eval.RunEvaluation;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.eval.RunReport;
import io.clirbench.core.format.trec.TrecQrelsReader;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.report.ConsoleReport;
import io.clirbench.core.report.ReportDirectory;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.report.export.ExportFormat;
import io.clirbench.core.report.export.ExportInputs;
import io.clirbench.core.report.export.ReportExports;
import io.clirbench.core.format.trec.TrecRunReader;
import io.clirbench.core.run.RankedList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import io.clirbench.core.stats.Stats;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import io.clirbench.core.io.InputLimits;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code bench eval}: evaluates TREC run files against a dataset (or bare qrels) and writes the report. */
@Command(name = "eval", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Evaluate TREC run files (qid Q0 docid rank score tag; plain or gzipped) against a dataset "
                + "and print the language-aware table and the standard measures (trec_eval -c compatible).",
                "With --qrels instead of --dataset it computes the standard measures only, like trec_eval."})
public class EvalCommand implements Callable<Integer> {

    @ArgGroup(exclusive = true, multiplicity = "1")
    Source source;

    static class Source {
        @Option(names = "--dataset", paramLabel = "DIR", description = "Dataset directory (dataset.json, corpus, queries, qrels).")
        Path dataset;

        @Option(names = "--qrels", paramLabel = "FILE", description = "TREC qrels file: standard measures only.")
        Path qrels;
    }

    @Option(names = "--run", required = true, paramLabel = "FILE", description = "A TREC run file; repeat for several runs.")
    List<Path> runs;

    @Option(names = "--depth", defaultValue = "1000", paramLabel = "N",
            description = "Retrieval depth N: ranks beyond it count as not retrieved in the language-aware metrics (default: ${DEFAULT-VALUE}).")
    int depth;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write the report files here: report.html, report.md, report.json, report.txt (what is printed), summary.csv, "
                    + "metrics.csv, and the exports under export/ (see --format).")
    Path out;

    @Option(names = "--format", split = ",", paramLabel = "F",
            description = "Exports written under DIR/export/ with --out: mteb, ranx, trec-eval, latex; repeatable or a comma list "
                    + "(default: all of them).")
    List<String> formats;

    @Option(names = "--slice", paramLabel = "KEY",
            description = "Also report on subsets of queries by KEY: lang, family, no-home or any query metadata field; repeatable.")
    List<String> slices = new ArrayList<>();

    @Option(names = "--measures", split = ",", paramLabel = "M",
            description = "Standard measures, e.g. nDCG@10,R@100,P@5,Success@1,MRR@10,MRR,MAP,Rprec,bpref,Judged@10 "
                    + "(default: a trec_eval-like set, plus the dataset's officialMeasures).")
    List<String> measures;

    @Mixin
    StatsOptions statsOptions;

    @Mixin
    FollowSymlinksOption links;

    @Option(names = "--strict", description = "Exit with status 1 when a run's query ids mostly do not match the judged ones "
            + "(a likely id-scheme mistake; without --strict it is a warning).")
    boolean strict;

    @Spec
    CommandSpec spec;

    private int idMistakes;

    @Override
    public Integer call() {
        Set<ExportFormat> exports = validateOptions();
        Stats stats = statsOptions.stats();
        List<String> runNames = runNames();
        Path target = out == null ? null : checkOut(runNames, exports);
        Dataset dataset = source.dataset == null ? null : readDataset();
        // the default measures, and a dataset's official ones (dataset.json "officialMeasures", e.g. NeuCLIR's nDCG@20)
        StandardMeasures standard = measures != null ? new StandardMeasures(measures)
                : dataset != null ? io.clirbench.core.eval.ReportMeasures.forDataset(dataset.info())
                : io.clirbench.core.eval.ReportMeasures.STANDARD;
        Qrels qrels = dataset == null ? readQrels() : null;
        RunEvaluator evaluator = dataset != null
                ? RunEvaluator.forDataset(dataset, standard, LanguageMetricsConfig.defaults(depth).withSeed(stats.seed()), slices)
                : RunEvaluator.forQrels(qrels, standard, depth);
        List<RunEvaluation> evaluations = evaluateRuns(evaluator, dataset, qrels, runNames);
        EvalReport report = dataset != null
                ? RetrievalEvaluation.evaluate(dataset, evaluator, evaluations, depth, stats, System.err::println)
                        .withDatasetHash(io.clirbench.core.dataset.DatasetHash.of(source.dataset))
                : new EvalReport("clirbench " + Version.current(), null, source.qrels.toString(), depth, stats.seed(), false,
                        evaluator.judgedQueries(), evaluations.stream().map(RunEvaluation::report).toList(), null);
        System.out.print(ConsoleReport.render(report));
        if (out != null) {
            Map<String, String> files = ReportExports.withReportFiles(report, exports, exportInputs(runNames, dataset, qrels));
            ReportDirectory.write(files, target);
            System.err.printf(Locale.ROOT, "wrote %s (%s)%n", out, ReportFiles.listed(List.copyOf(files.keySet())));
        }
        if (strict && idMistakes > 0) {
            System.err.printf(Locale.ROOT, "bench eval: --strict: %d run(s) with query ids that do not match the judged ones%n",
                    idMistakes);
            return 1;
        }
        return 0;
    }

    /** The options checked before anything is read; returns the export formats. */
    private Set<ExportFormat> validateOptions() {
        String badDepth = InputLimits.outOfRange(depth, 1, InputLimits.MAX_DEPTH);
        if (badDepth != null) {
            throw new ParameterException(spec.commandLine(), "--depth " + badDepth);
        }
        if (formats != null && out == null) {
            throw new ParameterException(spec.commandLine(), "--format writes into the report directory: give --out DIR");
        }
        try {
            return ExportFormat.parse(formats);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--format: " + e.getMessage());
        }
    }

    /** The report directory refused (nothing read, nothing written) when it is an input or a link: see the option. */
    private Path checkOut(List<String> runNames, Set<ExportFormat> exports) {
        List<Path> inputs = new ArrayList<>(runs);
        inputs.add(source.dataset != null ? source.dataset : source.qrels);
        List<String> names = new ArrayList<>(ReportFiles.RETRIEVAL);
        names.addAll(ReportExports.names(runNames, exports, Set.copyOf(runNames), true));
        return links.check(out, inputs, FollowSymlinksOption.inside(out, names));
    }

    /** Each run's name (from its file name; a repeated one gets -2, -3, ...), in the order given. */
    private List<String> runNames() {
        Set<String> taken = new HashSet<>();
        return runs.stream().map(run -> uniqueName(RunNames.of(run), taken)).toList();
    }

    /** The query languages of the dataset, each run file read again for ranx, and the judgments as read. */
    private ExportInputs exportInputs(List<String> runNames, Dataset dataset, Qrels qrels) {
        Map<String, String> languages = new HashMap<>();
        if (dataset != null) {
            dataset.queries().forEach(q -> languages.put(q.id(), q.lang()));
        }
        Map<String, Consumer<Consumer<RankedList>>> lists = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            Path run = runs.get(i);
            lists.put(runNames.get(i), sink -> new TrecRunReader(run).forEachQuery(sink));
        }
        return new ExportInputs(languages, lists, dataset != null ? dataset.qrels() : qrels);
    }

    private Dataset readDataset() {
        long start = System.nanoTime();
        int[] textless = new int[1];
        Dataset dataset = DatasetReader.readForEvaluation(source.dataset, (file, line, what) -> {
            // evaluation needs no text; a run that embeds or indexes it does (the gateway refuses it)
            if (++textless[0] <= 5) {
                System.err.printf(Locale.ROOT, "warning: %s line %d: %s (evaluation does not need text)%n", file, line, what);
            }
        });
        if (textless[0] > 5) {
            System.err.printf(Locale.ROOT, "warning: %,d documents and queries without text in all%n", textless[0]);
        }
        System.err.printf(Locale.ROOT, "dataset %s: %,d documents, %,d queries, %,d judged queries (%.1f s)%n",
                dataset.info().id(), dataset.corpus().size(), dataset.queries().size(), dataset.qrels().queryIds().size(),
                seconds(start));
        return dataset;
    }

    private Qrels readQrels() {
        long start = System.nanoTime();
        Qrels qrels = QrelsPrefetch.take(source.qrels); // read while the command line was built, when it could be
        if (qrels == null) {
            qrels = TrecQrelsReader.read(source.qrels);
        }
        System.err.printf(Locale.ROOT, "qrels %s: %,d judgments of %,d queries (%.2f s)%n", source.qrels, qrels.size(),
                qrels.queryIds().size(), seconds(start));
        return qrels;
    }

    private List<RunEvaluation> evaluateRuns(RunEvaluator evaluator, Dataset dataset, Qrels qrels, List<String> runNames) {
        PrintStream err = System.err;
        List<RunEvaluation> evaluations = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Path run = runs.get(i);
            long start = System.nanoTime();
            String name = runNames.get(i);
            err.printf(Locale.ROOT, "evaluating %s ...%n", name);
            IdCheck ids = dataset != null ? IdCheck.against(dataset) : IdCheck.against(qrels);
            RunEvaluation evaluation = evaluator.evaluate(name, run, notice -> err.println("note: " + notice),
                    new Progress(err, name, start), ids);
            RunReport report = evaluation.report();
            err.printf(Locale.ROOT, "evaluated %s: %,d query lists in %.2f s%n", name, report.runQueries(), seconds(start));
            String against = (source.dataset != null ? source.dataset : source.qrels).toString();
            String queries = ids.queryWarning(run.toString(), against);
            if (queries != null) {
                err.println();
                err.println("WARNING: " + queries + ".");
                err.println();
                idMistakes++;
            }
            String documents = ids.documentWarning(run.toString(), against);
            if (documents != null) {
                err.println("warning: " + documents);
            }
            evaluations.add(evaluation);
        }
        return evaluations;
    }

    private static String uniqueName(String base, Set<String> taken) {
        String name = base;
        for (int i = 2; !taken.add(name); i++) {
            name = base + "-" + i;
        }
        return name;
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
