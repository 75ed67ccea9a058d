package io.clirbench.cli;

import io.clirbench.core.Version;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.eval.DatasetEvaluation;
import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunEvaluation;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.eval.RunReport;
import io.clirbench.core.format.trec.TrecQrelsReader;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Qrels;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
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
            description = "Write report.json, report.md, report.html, summary.csv and metrics.csv here.")
    Path out;

    @Option(names = "--slice", paramLabel = "KEY",
            description = "Also report on subsets of queries by KEY: lang, family, no-home or any query metadata field; repeatable.")
    List<String> slices = new ArrayList<>();

    @Option(names = "--measures", split = ",", paramLabel = "M",
            description = "Standard measures, e.g. nDCG@10,R@100,P@5,Success@1,MRR@10,MRR,MAP (default: a trec_eval-like set).")
    List<String> measures;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "S", description = "Seed of every resampling and permutation (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--bootstrap", defaultValue = "10000", paramLabel = "B",
            description = "Bootstrap resamples and sign-flip patterns for intervals and tests; 0 turns the statistics off (default: ${DEFAULT-VALUE}).")
    int bootstrap;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        validateOptions();
        StandardMeasures standard = new StandardMeasures(measures == null ? StandardMeasures.DEFAULT_NAMES : measures);
        Dataset dataset = source.dataset == null ? null : readDataset();
        RunEvaluator evaluator = dataset != null
                ? RunEvaluator.forDataset(dataset, standard, LanguageMetricsConfig.defaults(depth).withSeed(seed), slices)
                : RunEvaluator.forQrels(readQrels(), standard, depth);
        List<RunEvaluation> evaluations = evaluateRuns(evaluator);
        EvalReport report = dataset != null
                ? DatasetEvaluation.report(dataset, evaluator, evaluations, depth, seed, bootstrap, System.err::println)
                : new EvalReport("clirbench " + Version.current(), null, source.qrels.toString(), depth, seed, false,
                        evaluator.judgedQueries(), evaluations.stream().map(RunEvaluation::report).toList(), null);
        System.out.print(ConsoleReport.render(report));
        if (out != null) {
            ReportFiles.write(report, out);
            System.err.printf(Locale.ROOT, "wrote %s (report.json, report.md, report.html, summary.csv, metrics.csv)%n", out);
        }
        return 0;
    }

    private void validateOptions() {
        if (depth < 1) {
            throw new ParameterException(spec.commandLine(), "--depth must be at least 1, got " + depth);
        }
        if (bootstrap < 0) {
            throw new ParameterException(spec.commandLine(), "--bootstrap must be 0 (off) or more, got " + bootstrap);
        }
    }

    private Dataset readDataset() {
        long start = System.nanoTime();
        Dataset dataset = DatasetReader.read(source.dataset);
        System.err.printf(Locale.ROOT, "dataset %s: %,d documents, %,d queries, %,d judged queries (%.1f s)%n",
                dataset.info().id(), dataset.corpus().size(), dataset.queries().size(), dataset.qrels().queryIds().size(),
                seconds(start));
        return dataset;
    }

    private Qrels readQrels() {
        long start = System.nanoTime();
        Qrels qrels = TrecQrelsReader.read(source.qrels);
        System.err.printf(Locale.ROOT, "qrels %s: %,d judgments of %,d queries (%.2f s)%n", source.qrels, qrels.size(),
                qrels.queryIds().size(), seconds(start));
        return qrels;
    }

    private List<RunEvaluation> evaluateRuns(RunEvaluator evaluator) {
        PrintStream err = System.err;
        List<RunEvaluation> evaluations = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Path run : runs) {
            long start = System.nanoTime();
            String name = uniqueName(RunNames.of(run), names);
            err.printf(Locale.ROOT, "evaluating %s ...%n", name);
            RunEvaluation evaluation = evaluator.evaluate(name, run, notice -> err.println("note: " + notice),
                    new Progress(err, name, start));
            RunReport report = evaluation.report();
            err.printf(Locale.ROOT, "evaluated %s: %,d query lists in %.2f s%n", name, report.runQueries(), seconds(start));
            if (report.runQueries() > 0 && report.ignoredRunQueries() == report.runQueries()) {
                err.printf(Locale.ROOT, "warning: none of the %,d queries of %s is judged in %s: is it the right dataset?%n",
                        report.runQueries(), run, source.dataset != null ? source.dataset : source.qrels);
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
