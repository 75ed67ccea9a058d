package io.clirbench.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Cold starts of the {@code bench} command side by side with a hello-world JVM on the same JDK and
 * options (issue 47): {@code bench --version}, {@code bench eval --help} and {@code bench eval --qrels
 * Q --run R} on a one-query run, each a new process, interleaved round by round with the hello-world
 * JVM so all see the same load; prints the median, min and max of each and the ratio command / hello.
 * See benchmarks/README.md, "Start-up harness".
 */
public final class StartupHarness {

    /**
     * The launcher's options of a command, and those of help and version requests and {@code bench eval --qrels}
     * (C1 only): each command is compared with the hello-world JVM started with its own options.
     */
    private static final List<String> BASE_OPTIONS = List.of("-Xmx2g", "-XX:+UseSerialGC");
    private static final Path TIME = Path.of("/usr/bin/time");
    private static final List<String> C1_OPTIONS = List.of("-Xmx2g", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");
    /**
     * {@code bench eval --qrels}: C1 only, a young generation that holds a 10M-line run's garbage and, where the kernel
     * gives transparent huge pages on request, the heap in them (the launcher's).
     */
    private static final List<String> EVAL_OPTIONS = evalOptions();

    private static List<String> evalOptions() {
        List<String> options = new ArrayList<>(List.of("-Xmx2g", "-Xmn768m", "-XX:+UseSerialGC"));
        try {
            if (Files.readString(Path.of("/sys/kernel/mm/transparent_hugepage/enabled")).contains("[madvise]")) {
                options.add("-XX:+UseTransparentHugePages");
            }
        } catch (IOException | RuntimeException e) {
            // no such file (not Linux): the launcher adds nothing either
        }
        options.add("-XX:TieredStopAtLevel=1");
        return List.copyOf(options);
    }

    /** A probe; {@code base}: the index of the hello-world probe started with its options (-1 for those probes). */
    private record Probe(String label, List<String> command, List<String> helloOptions, int base) {
    }

    public static void main(String[] args) throws Exception {
        int warmups = 2;
        int repetitions = 7;
        Path dir = Path.of("benchmarks", "target", "startup");
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--warmups" -> warmups = Integer.parseInt(args[i + 1]);
                case "--repetitions" -> repetitions = Integer.parseInt(args[i + 1]);
                case "--dir" -> dir = Path.of(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option '" + args[i]
                        + "'; options: --warmups N --repetitions N --dir DIR");
            }
        }
        new StartupHarness().run(dir, warmups, repetitions);
    }

    private void run(Path dir, int warmups, int repetitions) throws Exception {
        Path javaHome = Path.of(System.getProperty("java.home"));
        String java = javaHome.resolve("bin").resolve("java").toString();
        String loadAtStart = Timings.loadAverage();
        System.out.printf(Locale.ROOT, "machine: %d cores, %s %s (%s), %s %s; load average at start %s%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"),
                System.getProperty("java.vm.version"), System.getProperty("java.vm.vendor"), System.getProperty("os.name"),
                System.getProperty("os.arch"), loadAtStart);
        Files.createDirectories(dir);
        Path qrels = dir.resolve("tiny.qrels");
        Path run = dir.resolve("tiny.run");
        Files.writeString(qrels, "q1 0 d1 1\nq1 0 d2 0\nq2 0 d3 1\n");
        Files.writeString(run, "q1 Q0 d1 1 2.5 tiny\nq1 Q0 d2 2 1.5 tiny\nq2 Q0 d2 1 0.5 tiny\n");
        String classes = Path.of(HelloWorld.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        List<String> hello = List.of(java, "-cp", classes, HelloWorld.class.getName());
        List<Probe> probes = List.of(
                new Probe("hello-world JVM (" + String.join(" ", BASE_OPTIONS) + ")", hello, BASE_OPTIONS, -1),
                new Probe("hello-world JVM (" + String.join(" ", C1_OPTIONS) + ")", hello, C1_OPTIONS, -1),
                new Probe("hello-world JVM (" + String.join(" ", EVAL_OPTIONS) + ")", hello, EVAL_OPTIONS, -1),
                new Probe("bench --version", List.of("./bench", "--version"), null, 1),
                new Probe("bench eval --help", List.of("./bench", "eval", "--help"), null, 1),
                new Probe("bench eval --qrels Q --run R (2 lines)", List.of("./bench", "eval", "--qrels", qrels.toString(),
                        "--run", run.toString()), null, 2));
        // the launcher's JDK is this one (JAVA_HOME), and the AOT cache goes to a directory of the harness's own
        Path cache = dir.resolve("aot-cache").toAbsolutePath();
        System.out.printf(Locale.ROOT, "JDK %s; BENCH_CACHE_DIR %s; %d warm-up round(s), then %d rounds, each probe once per"
                + " round in turn%n", javaHome, cache, warmups, repetitions);
        for (int i = 0; i < warmups; i++) {
            for (Probe probe : probes) {
                time(probe, java, javaHome, cache);
            }
            awaitCache(cache);
        }
        double[][] seconds = new double[probes.size()][repetitions];
        double[][] cpu = new double[probes.size()][repetitions];
        for (int r = 0; r < repetitions; r++) {
            for (int p = 0; p < probes.size(); p++) {
                double[] wallAndCpu = time(probes.get(p), java, javaHome, cache);
                seconds[p][r] = wallAndCpu[0];
                cpu[p][r] = wallAndCpu[1];
            }
        }
        System.out.printf(Locale.ROOT, "wall seconds per start (load average %s):%n", Timings.loadAverage());
        Timings[] timings = new Timings[probes.size()];
        for (int p = 0; p < probes.size(); p++) {
            timings[p] = new Timings(probes.get(p).label(), seconds[p], "");
            System.out.println(timings[p].line());
        }
        if (Files.isExecutable(TIME)) {
            System.out.println("CPU seconds per start (user + system, /usr/bin/time; the load moves them less):");
            for (int p = 0; p < probes.size(); p++) {
                System.out.println(new Timings(probes.get(p).label(), cpu[p], "").line());
            }
        }
        System.out.println("ratios (median / median of the hello-world JVM with the command's options; goal <= 3):");
        for (int p = 0; p < probes.size(); p++) {
            int base = probes.get(p).base();
            if (base < 0) {
                continue;
            }
            System.out.printf(Locale.ROOT, "  %-46s %.2fx  (%.3f s / %.3f s; wall)  %.2fx  (CPU)%n", probes.get(p).label(),
                    timings[p].median() / timings[base].median(), timings[p].median(), timings[base].median(),
                    median(cpu[p]) / median(cpu[base]));
        }
        System.out.printf(Locale.ROOT, "load average: at start %s, at end %s%n", loadAtStart, Timings.loadAverage());
    }

    /** One cold start: a new process, output discarded; its wall and CPU seconds (NaN without /usr/bin/time). */
    private static double[] time(Probe probe, String java, Path javaHome, Path cache) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        Path cpuFile = Files.createTempFile("startup-cpu", ".txt");
        if (Files.isExecutable(TIME)) {
            command.addAll(List.of(TIME.toString(), "-f", "%U %S", "-o", cpuFile.toString()));
        }
        if (probe.helloOptions() != null) {
            command.add(java);
            command.addAll(probe.helloOptions());
            command.addAll(probe.command().subList(1, probe.command().size()));
        } else {
            command.addAll(probe.command());
        }
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("JAVA_HOME", javaHome.toString());
        builder.environment().put("BENCH_CACHE_DIR", cache.toString());
        long start = System.nanoTime();
        int rc = builder.start().waitFor();
        double seconds = (System.nanoTime() - start) / 1e9;
        if (rc != 0) {
            throw new IllegalStateException("exit status " + rc + ": " + String.join(" ", command));
        }
        String[] userSystem = Files.readString(cpuFile).trim().split("\\s+");
        Files.delete(cpuFile);
        double cpu = userSystem.length == 2 ? Double.parseDouble(userSystem[0]) + Double.parseDouble(userSystem[1]) : Double.NaN;
        return new double[] {seconds, cpu};
    }

    private static double median(double[] values) {
        double[] sorted = values.clone();
        java.util.Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Waits (at most a minute) for an AOT cache the launcher creates in the background after a training run. */
    private static void awaitCache(Path cache) throws IOException, InterruptedException {
        for (int i = 0; i < 600 && Files.isDirectory(cache); i++) {
            try (var files = Files.list(cache)) {
                if (files.noneMatch(f -> f.getFileName().toString().endsWith(".lock"))) {
                    return;
                }
            }
            Thread.sleep(100);
        }
    }

    private StartupHarness() {
    }
}
