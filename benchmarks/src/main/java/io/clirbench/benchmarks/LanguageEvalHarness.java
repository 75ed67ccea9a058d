package io.clirbench.benchmarks;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Times the full language-aware path, {@code bench eval --dataset} with sections 1-3 (default
 * B = 10,000), on the seeded 12-language {@link SyntheticDataset}: 10,000 queries x 1,000
 * results, for 1 run and for 8 runs, as whole commands (JVM start included), and prints the
 * phase lines the command writes (dataset read, each run, statistics). See benchmarks/README.md.
 * Usage: {@code LanguageEvalHarness [--queries N] [--depth N] [--repetitions N] [--command "./bench eval"]}.
 */
public final class LanguageEvalHarness {

    private LanguageEvalHarness() {
    }

    public static void main(String[] args) throws Exception {
        int queries = 10_000;
        int depth = 1_000;
        int repetitions = 3;
        String command = "./bench eval";
        Path dir = Path.of("benchmarks", "target", "eval-speed");
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--queries" -> queries = Integer.parseInt(args[i + 1]);
                case "--depth" -> depth = Integer.parseInt(args[i + 1]);
                case "--repetitions" -> repetitions = Integer.parseInt(args[i + 1]);
                case "--command" -> command = args[i + 1];
                case "--dir" -> dir = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option '" + args[i]
                        + "'; options: --queries N --depth N --repetitions N --command CMD --dir DIR");
            }
        }
        String loadAtStart = Timings.loadAverage();
        System.out.printf(Locale.ROOT, "machine: %d cores, %s %s; load average at start %s%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"), System.getProperty("java.vm.version"), loadAtStart);
        long start = System.nanoTime();
        SyntheticDataset data = SyntheticDataset.create(dir, queries, depth, 8, 20241201L);
        System.out.printf(Locale.ROOT, "data: %s, 8 runs of %,d x %,d (%d MiB each; ready in %.1f s)%n", data.dir(), queries, depth,
                Files.size(data.runs().get(0)) >> 20, (System.nanoTime() - start) / 1e9);
        for (int runs : new int[] {1, 8}) {
            StringBuilder line = new StringBuilder(command).append(" --dataset ").append(data.dir());
            data.runs().subList(0, runs).forEach(r -> line.append(" --run ").append(r));
            time(runs + " run(s), B = 10,000", line.toString(), repetitions);
        }
        System.out.printf(Locale.ROOT, "load average: at start %s, at end %s%n", loadAtStart, Timings.loadAverage());
    }

    /** One warm-up, then the timed runs; prints the timings and the command's own phase lines of the last run. */
    private static void time(String label, String command, int repetitions) throws Exception {
        Path log = Files.createTempFile("bench-eval", ".log");
        String logged = command + " > /dev/null 2> " + log;
        Timings.runCommand(logged);
        double[] seconds = new double[repetitions];
        for (int i = 0; i < repetitions; i++) {
            seconds[i] = Timings.runCommand(logged);
        }
        System.out.println(new Timings(label, seconds, "load average " + Timings.loadAverage()).line());
        List<String> phases = new ArrayList<>();
        for (String l : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (!l.startsWith("evaluating ")) {
                phases.add("      " + l);
            }
        }
        phases.forEach(System.out::println);
        Files.delete(log);
    }
}
