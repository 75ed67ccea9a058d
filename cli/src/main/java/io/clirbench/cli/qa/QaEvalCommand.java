package io.clirbench.cli.qa;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.cli.StatsOptions;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.qa.QaEvaluation;
import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.format.PredictionReader;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.report.QaReportBundle;
import io.clirbench.core.qa.report.QaRun;
import io.clirbench.core.report.ReportDirectory;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.stats.Stats;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
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

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write report.json, report.md, report.html, summary.csv, per-example.csv and report.txt (what is printed) here.")
    Path out;

    @Mixin
    StatsOptions statsOptions;

    @Mixin
    FollowSymlinksOption links;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Stats stats = statsOptions.stats();
        Protocol p = Protocol.parse(protocol);
        Path target = null;
        if (out != null) {
            List<Path> read = new ArrayList<>(predictions);
            read.add(dataset);
            target = links.check(out, read, FollowSymlinksOption.inside(out, ReportFiles.QA));
        }
        // every prediction file is read and checked before any scoring
        List<QaEvaluation.Input> inputs;
        try {
            inputs = inputs();
        } catch (DatasetFormatException e) {
            QaDatasetReader.open(dataset); // a bad dataset is reported first, as the dataset is read first
            throw e;
        }
        // one read of the dataset: validated and scored on every core; the per-example records only for what needs them
        QaRun run = QaEvaluation.evaluate(dataset, p, inputs, stats, out != null);
        PrintWriter stdout = spec.commandLine().getOut();
        if (out == null) {
            stdout.print(QaReportBundle.console(run)); // what is printed, and nothing else is rendered
            stdout.flush();
            return 0;
        }
        Map<String, String> files = QaReportBundle.render(run);
        stdout.print(files.get(ReportFiles.TEXT));
        stdout.flush();
        PrintWriter err = spec.commandLine().getErr();
        ReportDirectory.write(files, target);
        files.keySet().forEach(f -> err.println("wrote " + out.resolve(f)));
        err.flush();
        return 0;
    }

    private List<QaEvaluation.Input> inputs() {
        List<QaEvaluation.Input> inputs = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (Path file : predictions) {
            String name = systemName(file);
            for (int k = 2; names.contains(name); k++) {
                name = systemName(file) + "-" + k; // two files with one name stay apart
            }
            names.add(name);
            inputs.add(new QaEvaluation.Input(name, file.toString(), PredictionReader.read(file).byId()));
        }
        return inputs;
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
