package io.clirbench.benchmarks;

import io.clirbench.core.format.trec.TrecQrelsReader;
import io.clirbench.core.format.trec.TrecRunReader;
import io.clirbench.core.metrics.StandardEvaluation;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.StandardResult;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Times section-1 evaluation (TrecRunReader + StandardEvaluation) of a seeded synthetic run
 * against the I/O floor, trec_eval (when installed) and an optional command. See benchmarks/README.md.
 */
public final class EvalSpeedHarness {

    /** trec_eval on 10,000 x 1,000 on the project machine, from the issue, used when no binary is found. */
    private static final double REFERENCE_TREC_EVAL_SECONDS = 13.0;
    private static final String TREC_EVAL_MEASURES =
            "-m recall.1,5,10,100,1000 -m P.1,5,10 -m ndcg_cut.10,100 -m recip_rank -m map -m success.1,5,10";

    private final HarnessOptions options;

    private EvalSpeedHarness(HarnessOptions options) {
        this.options = options;
    }

    public static void main(String[] args) throws Exception {
        new EvalSpeedHarness(HarnessOptions.parse(args)).run();
    }

    private void run() throws Exception {
        System.out.printf(Locale.ROOT, "machine: %d cores, %s %s (%s), max heap %d MiB, %s %s%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
                System.getProperty("java.vm.version"), System.getProperty("java.vm.vendor"),
                Runtime.getRuntime().maxMemory() >> 20, System.getProperty("os.name"), System.getProperty("os.arch"));
        long t0 = System.nanoTime();
        SyntheticRun files = SyntheticRun.create(options.dir(), options.queries(), options.depth(), options.seed());
        System.out.printf(Locale.ROOT, "data: %s (%d MiB), %s (ready in %.1f s)%n", files.run(),
                Files.size(files.run()) >> 20, files.qrels(), (System.nanoTime() - t0) / 1e9);

        double[] floor = time("I/O floor (read bytes, count lines)", () -> countLines(files.run()));
        double[] eval = time("section-1 evaluation (in-process)", () -> evaluate(files));
        long live = liveHeapMidwayMiB(files);
        double floorMedian = median(floor);
        double evalMedian = median(eval);
        System.out.printf(Locale.ROOT, "live heap after a full GC at query 5,000: %d MiB (max heap %d MiB, run file %d MiB)%n",
                live, Runtime.getRuntime().maxMemory() >> 20, Files.size(files.run()) >> 20);
        System.out.printf(Locale.ROOT, "evaluation / I/O floor = %.2f%n", evalMedian / floorMedian);

        String trecEval = findTrecEval();
        double trecSeconds = REFERENCE_TREC_EVAL_SECONDS;
        if (trecEval == null) {
            System.out.printf(Locale.ROOT, "trec_eval: not found on PATH or in $TREC_EVAL; reference %.1f s (issue)"
                    + " / evaluation = %.1fx%n", REFERENCE_TREC_EVAL_SECONDS, REFERENCE_TREC_EVAL_SECONDS / evalMedian);
        } else {
            String command = trecEval + " -c " + TREC_EVAL_MEASURES + " " + files.qrels() + " " + files.run();
            trecSeconds = median(timeCommand("trec_eval", command));
            System.out.printf(Locale.ROOT, "trec_eval / evaluation = %.1fx%n", trecSeconds / evalMedian);
        }
        if (options.command() != null) {
            String command = options.command().replace("{qrels}", files.qrels().toString()).replace("{run}", files.run().toString());
            double cmd = median(timeCommand("command", command));
            System.out.printf(Locale.ROOT, "command / evaluation = %.2f; %s / command = %.1fx%n", cmd / evalMedian,
                    trecEval == null ? "reference trec_eval" : "trec_eval", trecSeconds / cmd);
        }
    }

    private static Object evaluate(SyntheticRun files) {
        StandardEvaluation evaluation = new StandardEvaluation(new StandardMeasures(StandardMeasures.DEFAULT_NAMES),
                TrecQrelsReader.read(files.qrels()).asMap());
        new TrecRunReader(files.run()).forEachQuery(evaluation::accept);
        StandardResult result = evaluation.finish();
        return String.format(Locale.ROOT, "%d queries, nDCG@10 %.4f, MAP %.4f", result.queryCount(), result.means()[0],
                result.means()[result.measureNames().indexOf("MAP")]);
    }

    private static Object countLines(Path file) throws IOException {
        long lines = 0;
        byte[] buf = new byte[1 << 20];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                for (int i = 0; i < n; i++) {
                    if (buf[i] == '\n') {
                        lines++;
                    }
                }
            }
        }
        return lines + " lines";
    }

    /** Runs {@code task} for the warm-up and timed repetitions; returns the timed seconds. */
    private double[] time(String label, Callable<Object> task) throws Exception {
        Object last = null;
        for (int i = 0; i < options.warmups(); i++) {
            last = task.call();
        }
        double[] seconds = new double[options.repetitions()];
        for (int i = 0; i < seconds.length; i++) {
            long start = System.nanoTime();
            last = task.call();
            seconds[i] = (System.nanoTime() - start) / 1e9;
        }
        report(label, seconds, String.valueOf(last));
        return seconds;
    }

    private double[] timeCommand(String label, String command) throws Exception {
        return time(label + ": " + command, () -> {
            Process p = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            int rc = p.waitFor();
            if (rc != 0) {
                throw new IllegalStateException("exit status " + rc + ": " + command);
            }
            return "exit 0";
        });
    }

    private static void report(String label, double[] seconds, String result) {
        System.out.printf(Locale.ROOT, "%-40s median %.3f s  min %.3f  max %.3f  runs %s  [%s]%n", label, median(seconds),
                Arrays.stream(seconds).min().orElse(0), Arrays.stream(seconds).max().orElse(0), format(seconds), result);
    }

    /** The live heap halfway through one more evaluation (after a full GC): qrels plus the few lists in flight. */
    private static long liveHeapMidwayMiB(SyntheticRun files) {
        StandardEvaluation evaluation = new StandardEvaluation(new StandardMeasures(StandardMeasures.DEFAULT_NAMES),
                TrecQrelsReader.read(files.qrels()).asMap());
        long[] live = {0};
        int[] seen = {0};
        new TrecRunReader(files.run()).forEachQuery(list -> {
            evaluation.accept(list);
            if (++seen[0] == 5_000) {
                System.gc();
                live[0] = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            }
        });
        evaluation.finish();
        return live[0] >> 20;
    }

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
        return null;
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static String format(double[] seconds) {
        StringBuilder sb = new StringBuilder();
        for (double s : seconds) {
            sb.append(sb.isEmpty() ? "" : " ").append(String.format(Locale.ROOT, "%.2f", s));
        }
        return sb.toString();
    }
}
