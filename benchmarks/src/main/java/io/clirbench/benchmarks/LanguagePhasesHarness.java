package io.clirbench.benchmarks;

import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.eval.RunEvaluation;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.eval.Significance;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.metrics.language.QueryOutcome;
import io.clirbench.core.model.Dataset;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;

/**
 * The phases of {@code bench eval --dataset} with 8 runs, in one warm JVM, each with its wall
 * time and the process CPU time it took (the CPU figure moves less with the machine's load):
 * the dataset read, each run's evaluation (§1, §2), and the §3 statistics (B = 10,000) on all
 * cores and, as the baseline measured in the same run, on one thread (same values: see
 * ParallelResamplingTest). Usage: {@code LanguagePhasesHarness [--repetitions N] [--dir DIR]}.
 */
public final class LanguagePhasesHarness {

    private static final com.sun.management.OperatingSystemMXBean OS =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    private LanguagePhasesHarness() {
    }

    public static void main(String[] args) throws Exception {
        int repetitions = 2;
        Path dir = Path.of("benchmarks", "target", "eval-speed");
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--repetitions" -> repetitions = Integer.parseInt(args[i + 1]);
                case "--dir" -> dir = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'; options: --repetitions N --dir DIR");
            }
        }
        System.out.printf(Locale.ROOT, "machine: %d cores, %s %s; load average at start %s%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
                System.getProperty("java.vm.version"), Timings.loadAverage());
        SyntheticDataset data = SyntheticDataset.create(dir, 10_000, 1_000, 8, 20241201L);
        for (int round = 0; round <= repetitions; round++) {
            System.out.printf(Locale.ROOT, "%s (load average %s):%n", round == 0 ? "warm-up" : "round " + round, Timings.loadAverage());
            round(data);
        }
        System.out.printf(Locale.ROOT, "load average at end %s%n", Timings.loadAverage());
    }

    private static void round(SyntheticDataset data) throws Exception {
        Dataset dataset = phase("dataset read", () -> DatasetReader.readForEvaluation(data.dir(), (file, line, what) -> { }));
        RunEvaluator evaluator = RunEvaluator.forDataset(dataset, new StandardMeasures(StandardMeasures.DEFAULT_NAMES),
                LanguageMetricsConfig.defaults(1_000), List.of());
        List<String> names = new ArrayList<>();
        List<List<QueryOutcome>> outcomes = new ArrayList<>();
        for (Path run : data.runs()) {
            RunEvaluation evaluation = phase("evaluate " + run.getFileName(), () -> evaluator.evaluate(run.getFileName().toString(), run, n -> { }));
            names.add(evaluation.report().name());
            outcomes.add(evaluation.outcomes());
        }
        Significance significance = new Significance(10_000, 42L, 0.95);
        phase("statistics, 8 runs, all cores", () -> significance.analyse(names, outcomes));
        ForkJoinPool one = new ForkJoinPool(1);
        try {
            phase("statistics, 8 runs, one thread", () -> one.submit(() -> significance.analyse(names, outcomes)).get());
        } finally {
            one.shutdown();
        }
    }

    private static <T> T phase(String label, Callable<T> task) throws Exception {
        long cpu = OS.getProcessCpuTime();
        long start = System.nanoTime();
        T result = task.call();
        System.out.printf(Locale.ROOT, "  %-44s wall %7.3f s  process CPU %7.3f s%n", label, (System.nanoTime() - start) / 1e9,
                (OS.getProcessCpuTime() - cpu) / 1e9);
        return result;
    }
}
