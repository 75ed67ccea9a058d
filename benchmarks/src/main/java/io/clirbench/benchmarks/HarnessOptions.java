package io.clirbench.benchmarks;

import java.nio.file.Path;

/**
 * Command-line options of {@link EvalSpeedHarness}.
 *
 * @param dir         where the synthetic files go (reused when present)
 * @param queries     number of queries
 * @param depth       results per query
 * @param seed        generator seed
 * @param warmups     untimed runs before timing
 * @param repetitions timed runs
 * @param command     an extra command line to time, {qrels} and {run} replaced by the files; null for none
 */
record HarnessOptions(Path dir, int queries, int depth, long seed, int warmups, int repetitions, String command) {

    static HarnessOptions parse(String[] args) {
        Path dir = Path.of("benchmarks", "target", "eval-speed");
        int queries = 10_000;
        int depth = 1_000;
        long seed = 20240601L;
        int warmups = 2;
        int repetitions = 5;
        String command = null;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--dir" -> dir = Path.of(value);
                case "--queries" -> queries = Integer.parseInt(value);
                case "--depth" -> depth = Integer.parseInt(value);
                case "--seed" -> seed = Long.parseLong(value);
                case "--warmups" -> warmups = Integer.parseInt(value);
                case "--repetitions" -> repetitions = Integer.parseInt(value);
                case "--command" -> command = value;
                default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'; options: --dir DIR"
                        + " --queries N --depth N --seed N --warmups N --repetitions N --command \"CMD {qrels} {run}\"");
            }
            i++;
        }
        return new HarnessOptions(dir, queries, depth, seed, warmups, repetitions, command);
    }
}
