package io.clirbench.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * One series of timed runs: the seconds of each, with median, min and max, and how a series is
 * printed. Also the helpers the harnesses share: timing a shell command, reading the load average.
 */
record Timings(String label, double[] seconds, String result) {

    /** Runs {@code task} {@code warmups} times untimed, then {@code repetitions} times timed. */
    static Timings of(String label, int warmups, int repetitions, Callable<Object> task) throws Exception {
        Object last = null;
        for (int i = 0; i < warmups; i++) {
            last = task.call();
        }
        double[] seconds = new double[repetitions];
        for (int i = 0; i < repetitions; i++) {
            long start = System.nanoTime();
            last = task.call();
            seconds[i] = (System.nanoTime() - start) / 1e9;
        }
        return new Timings(label, seconds, String.valueOf(last));
    }

    /** Runs {@code command} with bash, output discarded; returns its seconds; fails on a non-zero exit. */
    static double runCommand(String command) throws Exception {
        long start = System.nanoTime();
        Process p = new ProcessBuilder("bash", "-c", command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        int rc = p.waitFor();
        double seconds = (System.nanoTime() - start) / 1e9;
        if (rc != 0) {
            throw new IllegalStateException("exit status " + rc + ": " + command);
        }
        return seconds;
    }

    /** The 1-, 5- and 15-minute load averages, as /proc/loadavg gives them ("?" where there is none). */
    static String loadAverage() {
        try {
            String[] fields = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
            return fields[0] + " " + fields[1] + " " + fields[2];
        } catch (Exception e) {
            return "?";
        }
    }

    double median() {
        double[] sorted = seconds.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    double min() {
        return Arrays.stream(seconds).min().orElse(Double.NaN);
    }

    double max() {
        return Arrays.stream(seconds).max().orElse(Double.NaN);
    }

    /** One line: label, median, min, max, every run, and the result of the last run. */
    String line() {
        StringBuilder runs = new StringBuilder();
        for (double s : seconds) {
            runs.append(runs.isEmpty() ? "" : " ").append(String.format(Locale.ROOT, "%.2f", s));
        }
        return String.format(Locale.ROOT, "  %-46s median %7.3f s  min %7.3f  max %7.3f  runs %s%s", label, median(), min(), max(),
                runs, result == null || result.isEmpty() ? "" : "  [" + result + "]");
    }
}
