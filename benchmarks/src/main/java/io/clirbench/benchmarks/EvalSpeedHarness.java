package io.clirbench.benchmarks;

import io.clirbench.core.eval.RunEvaluation;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.format.trec.RunScanner;
import io.clirbench.core.format.trec.TrecQrelsReader;
import io.clirbench.core.format.trec.TrecRunReader;
import io.clirbench.core.metrics.StandardEvaluation;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.StandardResult;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Times section-1 evaluation of a seeded synthetic run: in-process phase by phase (I/O floor,
 * qrels, run scan, the whole evaluation, the previous path), then trec_eval and the
 * {@code bench eval} command side by side, alternating, with every ratio from this one run,
 * the load average and the spread. See benchmarks/README.md.
 */
public final class EvalSpeedHarness {

    private static final String TREC_EVAL_MEASURES =
            "-m recall.1,5,10,100,1000 -m P.1,5,10 -m ndcg_cut.10,100 -m recip_rank -m map -m success.1,5,10";
    private static final String DEFAULT_COMMAND = "./bench eval --qrels {qrels} --run {run}";

    private final HarnessOptions options;

    private EvalSpeedHarness(HarnessOptions options) {
        this.options = options;
    }

    public static void main(String[] args) throws Exception {
        new EvalSpeedHarness(HarnessOptions.parse(args)).run();
    }

    private void run() throws Exception {
        String loadAtStart = Timings.loadAverage();
        System.out.printf(Locale.ROOT, "machine: %d cores, %s %s (%s), max heap %d MiB, %s %s; load average at start %s%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
                System.getProperty("java.vm.version"), System.getProperty("java.vm.vendor"),
                Runtime.getRuntime().maxMemory() >> 20, System.getProperty("os.name"), System.getProperty("os.arch"), loadAtStart);
        long t0 = System.nanoTime();
        SyntheticRun files = SyntheticRun.create(options.dir(), options.queries(), options.depth(), options.seed());
        System.out.printf(Locale.ROOT, "data: %s (%d MiB), %s (%d MiB; ready in %.1f s)%n", files.run(), Files.size(files.run()) >> 20,
                files.qrels(), Files.size(files.qrels()) >> 20, (System.nanoTime() - t0) / 1e9);
        inProcess(files);
        sideBySide(files);
        System.out.printf(Locale.ROOT, "load average: at start %s, at end %s%n", loadAtStart, Timings.loadAverage());
    }

    /** The phases, in this JVM (warm), median of the repetitions. */
    private void inProcess(SyntheticRun files) throws Exception {
        int w = options.warmups();
        int n = options.repetitions();
        System.out.printf(Locale.ROOT, "in-process phases (%d warm-ups, %d timed runs each; load average %s):%n", w, n, Timings.loadAverage());
        Timings floor = print(Timings.of("I/O floor (read the run, count lines)", w, n, () -> countLines(files.run())));
        print(Timings.of("qrels read (TrecQrelsReader.read)", w, n, () -> TrecQrelsReader.read(files.qrels()).size() + " judgments"));
        print(Timings.of("run scan alone (RunScanner, no targets)", w, n, () -> scanOnly(files.run())));
        Timings fast = print(Timings.of("evaluation: qrels + run + measures + means", w, n, () -> evaluate(files)));
        Timings old = print(Timings.of("previous path (checking readers, String ids)", w, n, () -> evaluatePreviously(files)));
        System.out.printf(Locale.ROOT, "  evaluation / I/O floor = %.2f; previous path / evaluation = %.1fx%n",
                fast.median() / floor.median(), old.median() / fast.median());
        System.out.printf(Locale.ROOT, "  live heap after a full GC at query 5,000: %d MiB (max heap %d MiB, run file %d MiB)%n",
                liveHeapMidwayMiB(files), Runtime.getRuntime().maxMemory() >> 20, Files.size(files.run()) >> 20);
    }

    /** trec_eval and the command, alternating run by run, so both see the same load. */
    private void sideBySide(SyntheticRun files) throws Exception {
        String trecEval = findTrecEval();
        String command = (options.command() != null ? options.command() : defaultCommand())
                .replace("{qrels}", files.qrels().toString()).replace("{run}", files.run().toString());
        if (trecEval == null || command == null) {
            System.out.println("side by side: skipped (" + (trecEval == null
                    ? "no trec_eval: set TREC_EVAL or put one on PATH" : "no command: build cli/target/bench.jar or give --command") + ")");
            return;
        }
        String reference = trecEval + " -c " + TREC_EVAL_MEASURES + " " + files.qrels() + " " + files.run();
        int pairs = options.repetitions();
        System.out.printf(Locale.ROOT, "side by side (%d warm-up pair(s), then %d pairs, alternating; load average %s):%n",
                options.warmups(), pairs, Timings.loadAverage());
        for (int i = 0; i < options.warmups(); i++) {
            Timings.runCommand(reference);
            Timings.runCommand(command);
        }
        double[] trec = new double[pairs];
        double[] ours = new double[pairs];
        double[] ratios = new double[pairs];
        for (int i = 0; i < pairs; i++) {
            trec[i] = Timings.runCommand(reference);
            ours[i] = Timings.runCommand(command);
            ratios[i] = trec[i] / ours[i];
        }
        Timings trecTimings = print(new Timings("trec_eval 10.0 (" + reference.substring(0, reference.indexOf(" -m")) + ")", trec, ""));
        Timings ourTimings = print(new Timings("command (" + command.substring(0, Math.min(command.length(), 30)) + "...)", ours, ""));
        Timings spread = new Timings("ratio per pair", ratios, "");
        System.out.printf(Locale.ROOT, "  trec_eval / command = %.1fx (median / median); per pair %.1fx .. %.1fx%n",
                trecTimings.median() / ourTimings.median(), spread.min(), spread.max());
        System.out.println("  command: " + command);
        System.out.println("  trec_eval: " + reference);
    }

    private static Timings print(Timings timings) {
        System.out.println(timings.line());
        return timings;
    }

    private static Object evaluate(SyntheticRun files) {
        RunEvaluator evaluator = RunEvaluator.forQrels(TrecQrelsReader.read(files.qrels()),
                new StandardMeasures(StandardMeasures.DEFAULT_NAMES), 1000);
        return summary(evaluator.evaluate("synthetic", files.run(), notice -> { }).report().standard());
    }

    private static Object evaluatePreviously(SyntheticRun files) {
        StandardEvaluation evaluation = new StandardEvaluation(new StandardMeasures(StandardMeasures.DEFAULT_NAMES),
                TrecQrelsReader.readChecked(files.qrels()).asMap());
        new TrecRunReader(files.run()).forEachQuery(evaluation::accept);
        return summary(evaluation.finish());
    }

    private static String summary(StandardResult result) {
        return String.format(Locale.ROOT, "%d queries, nDCG@10 %.4f, MAP %.4f", result.queryCount(), result.means()[0],
                result.means()[result.measureNames().indexOf("MAP")]);
    }

    private static Object scanOnly(Path run) {
        long[] lines = {0};
        boolean complete = new RunScanner(run).scan(q -> null, null, 1000, list -> lines[0] += list.size());
        return lines[0] + " lines" + (complete ? "" : " (fell back)");
    }

    private static Object countLines(Path file) throws IOException {
        return LineCount.of(file) + " lines";
    }

    /** The live heap halfway through one more evaluation (after a full GC): qrels plus the blocks in flight. */
    private static long liveHeapMidwayMiB(SyntheticRun files) {
        RunEvaluator evaluator = RunEvaluator.forQrels(TrecQrelsReader.read(files.qrels()),
                new StandardMeasures(StandardMeasures.DEFAULT_NAMES), 1000);
        long[] live = {0};
        RunEvaluation ignored = evaluator.evaluate("synthetic", files.run(), notice -> { }, done -> {
            if (done == 5_000) {
                System.gc();
                live[0] = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            }
        });
        return live[0] >> 20;
    }

    private static String defaultCommand() {
        return Files.exists(Path.of("cli", "target", "bench.jar")) ? DEFAULT_COMMAND : null;
    }

    /** $TREC_EVAL, else trec_eval on PATH, else the shared build at ../shared/tools/trec_eval. */
    private static String findTrecEval() {
        String env = System.getenv("TREC_EVAL");
        if (env != null && Files.isExecutable(Path.of(env))) {
            return env;
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "trec_eval");
            if (!dir.isEmpty() && Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        Path shared = Path.of("..", "shared", "tools", "trec_eval");
        return Files.isExecutable(shared) ? shared.toString() : null;
    }
}
