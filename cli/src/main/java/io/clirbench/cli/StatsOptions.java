package io.clirbench.cli;

import io.clirbench.core.stats.Stats;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --bootstrap B} and {@code --seed S}: the statistics settings of every command that evaluates or submits a
 * run, as one bench-core {@link Stats} (defaults B = 10,000 and seed 42 from there). A B out of range is a usage
 * error of the command, the same message for every command.
 */
public final class StatsOptions {

    @Option(names = "--bootstrap", defaultValue = "" + Stats.DEFAULT_BOOTSTRAP, paramLabel = "B",
            description = "Bootstrap resamples and sign-flip patterns for intervals and tests; 0 turns the statistics off "
                    + "(default: ${DEFAULT-VALUE}).")
    int bootstrap;

    @Option(names = "--seed", defaultValue = "" + Stats.DEFAULT_SEED, paramLabel = "S",
            description = "Seed of every resampling and permutation (default: ${DEFAULT-VALUE}).")
    long seed;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** Options as picocli would set them from {@code --bootstrap B --seed S} (for a command line read without it). */
    public static StatsOptions of(int bootstrap, long seed) {
        StatsOptions options = new StatsOptions();
        options.bootstrap = bootstrap;
        options.seed = seed;
        return options;
    }

    /** The settings; a usage error ({@code --bootstrap must be in 0..100000, got N (0 = off)}) when B is out of range. */
    public Stats stats() {
        String problem = Stats.bootstrapProblem(bootstrap);
        if (problem != null) {
            throw new ParameterException(command.commandLine(), "--bootstrap " + problem + " (0 = off)");
        }
        return new Stats(bootstrap, seed);
    }
}
