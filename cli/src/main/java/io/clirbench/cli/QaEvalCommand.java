package io.clirbench.cli;

import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.eval.QaEvaluator;
import io.clirbench.core.qa.eval.QaResult;
import io.clirbench.core.qa.format.PredictionReader;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.report.QaReportFiles;
import io.clirbench.core.qa.report.QaRun;
import io.clirbench.core.qa.stats.QaStatistics;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code bench qa eval}: scores prediction files against a QA dataset and writes the report. */
@Command(name = "eval", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Score QA predictions (XHotpotQA JSONL or HotpotQA JSON, told apart by content) against a QA dataset "
                + "(METRICS.md section 4): answer, support and joint EM/P/R/F1 overall, per question language, per condition, "
                + "script relation and bin, with 95%% BCa intervals and, for two or more files, paired sign-flip tests."})
public class QaEvalCommand implements Callable<Integer> {

    @Option(names = "--dataset", required = true, paramLabel = "DIR", description = "QA dataset directory (dataset.json, instances.jsonl[.gz]).")
    Path dataset;

    @Option(names = "--pred", required = true, paramLabel = "FILE", description = "A prediction file; repeat for several systems.")
    List<Path> predictions;

    @Option(names = "--protocol", defaultValue = "unicode", paramLabel = "P",
            description = "unicode (XHotpotQA unicode_script_aware, default), legacy (legacy_hotpot) or hotpot (hotpot_evaluate_v1.py).")
    String protocol;

    @Option(names = "--out", paramLabel = "DIR", description = "Write report.json, report.md, report.html, summary.csv and per-example.csv here.")
    Path out;

    @Option(names = "--bootstrap", defaultValue = "10000", paramLabel = "B",
            description = "Bootstrap resamples and sign-flip patterns; 0 turns intervals and tests off (default: ${DEFAULT-VALUE}).")
    int bootstrap;

    @Option(names = "--seed", defaultValue = "42", paramLabel = "S", description = "Seed of every resampling (default: ${DEFAULT-VALUE}).")
    long seed;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (bootstrap < 0) {
            throw new ParameterException(spec.commandLine(), "--bootstrap must be 0 or more, got " + bootstrap);
        }
        Protocol p = Protocol.parse(protocol);
        QaDatasetReader reader = QaDatasetReader.open(dataset);
        // every prediction file is read and checked before any scoring
        Map<String, PredictionReader.Predictions> files = new LinkedHashMap<>();
        Map<String, String> paths = new LinkedHashMap<>();
        for (Path file : predictions) {
            String name = systemName(file);
            for (int k = 2; files.containsKey(name); k++) {
                name = systemName(file) + "-" + k; // two files with one name stay apart
            }
            files.put(name, PredictionReader.read(file));
            paths.put(name, file.toString());
        }
        Map<String, QaEvaluator> evaluators = new LinkedHashMap<>();
        files.forEach((name, f) -> evaluators.put(name, new QaEvaluator(p, f.byId())));
        reader.stream(instance -> evaluators.values().forEach(e -> e.accept(instance)));
        Map<String, QaResult> results = new LinkedHashMap<>();
        evaluators.forEach((name, e) -> results.put(name, e.finish()));
        QaStatistics.Outcome statistics = bootstrap == 0 ? null : new QaStatistics(bootstrap, seed).compute(results);
        QaRun run = new QaRun(reader.info().id(), p, results, paths, statistics, bootstrap, seed);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(QaReportFiles.console(run));
        stdout.flush();
        if (out != null) {
            PrintWriter err = spec.commandLine().getErr();
            QaReportFiles.write(run, out).forEach(f -> err.println("wrote " + f));
            err.flush();
        }
        return 0;
    }

    // "runs/lexical-overlap.jsonl" -> "lexical-overlap"
    private static String systemName(Path file) {
        String name = file.getFileName().toString();
        for (String ext : List.of(".jsonl.gz", ".json.gz", ".jsonl", ".json")) {
            if (name.endsWith(ext)) {
                return name.substring(0, name.length() - ext.length());
            }
        }
        return name;
    }
}
