package io.clirbench.cli.retrieval;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.cli.StatsOptions;
import io.clirbench.core.io.InputLimits;
import io.clirbench.core.report.export.ExportFormat;
import io.clirbench.core.stats.Stats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The usual {@code bench eval} command line read without picocli: on a cold JVM, picocli's model of the command
 * (annotations read by reflection, one proxy class per annotation type, its own code run for the first time) takes
 * about 95 ms of CPU, most of the start-up of a short evaluation (benchmarks/README.md, "Start-up of the command").
 * It takes only what it is sure picocli reads the same way: each option of {@link EvalCommand} as {@code --name
 * value} or {@code --name=value}, plain decimal numbers, values that do not start with '-', every single-valued
 * option at most once, exactly one of {@code --dataset} and {@code --qrels}, at least one {@code --run}, and a depth
 * and a B within their limits. For anything else it returns null and picocli reads the line, so help, errors and
 * their messages stay picocli's. {@code EvalArgumentsTest} checks the fields against picocli's for every form.
 */
public final class EvalArguments {

    private static final Set<String> SINGLE = Set.of("--dataset", "--qrels", "--depth", "--out", "--bootstrap", "--seed");

    private EvalArguments() {
    }

    /** The command {@code args} ({@code eval ...}) runs, with its fields set as picocli sets them; null: ask picocli. */
    public static EvalCommand parse(String[] args) {
        if (args.length < 2 || !args[0].equals("eval")) {
            return null;
        }
        EvalCommand command = new EvalCommand();
        command.source = new EvalCommand.Source();
        command.runs = new ArrayList<>();
        command.depth = 1000;
        int bootstrap = Stats.DEFAULT_BOOTSTRAP;
        long seed = Stats.DEFAULT_SEED;
        boolean followSymlinks = false;
        Set<String> seen = new HashSet<>();
        for (String arg : args) {
            if (arg.startsWith("@")) {
                return null; // picocli reads an @-file's lines as arguments
            }
        }
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--strict")) {
                if (command.strict) {
                    return null;
                }
                command.strict = true;
                continue;
            }
            if (arg.equals(FollowSymlinksOption.NAME)) {
                if (followSymlinks) {
                    return null;
                }
                followSymlinks = true;
                continue;
            }
            int equals = arg.indexOf('=');
            String name = equals > 0 ? arg.substring(0, equals) : arg;
            String value;
            if (equals > 0) {
                value = arg.substring(equals + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                return null;
            }
            if (value.isEmpty() || value.charAt(0) == '-' || value.indexOf('\0') >= 0 || SINGLE.contains(name) && !seen.add(name)) {
                return null;
            }
            switch (name) {
                case "--dataset" -> command.source.dataset = Path.of(value);
                case "--qrels" -> command.source.qrels = Path.of(value);
                case "--run" -> command.runs.add(Path.of(value));
                case "--out" -> command.out = Path.of(value);
                case "--slice" -> command.slices.add(value);
                case "--measures" -> {
                    if (!plainCommaList(value)) {
                        return null;
                    }
                    if (command.measures == null) {
                        command.measures = new ArrayList<>();
                    }
                    command.measures.addAll(Arrays.asList(value.split(",")));
                }
                case "--format" -> {
                    if (!plainCommaList(value)) {
                        return null;
                    }
                    if (command.formats == null) {
                        command.formats = new ArrayList<>();
                    }
                    command.formats.addAll(Arrays.asList(value.split(",")));
                }
                case "--depth" -> {
                    Long depth = decimal(value, 9);
                    if (depth == null) {
                        return null;
                    }
                    command.depth = depth.intValue();
                }
                case "--bootstrap" -> {
                    Long b = decimal(value, 9);
                    if (b == null) {
                        return null;
                    }
                    bootstrap = b.intValue();
                }
                case "--seed" -> {
                    Long s = decimal(value, 18);
                    if (s == null) {
                        return null;
                    }
                    seed = s;
                }
                default -> {
                    return null;
                }
            }
        }
        boolean oneSource = (command.source.dataset == null) != (command.source.qrels == null);
        if (!oneSource || command.runs.isEmpty() || InputLimits.outOfRange(command.depth, 1, InputLimits.MAX_DEPTH) != null
                || Stats.bootstrapProblem(bootstrap) != null) {
            return null; // picocli gives the usage error
        }
        if (command.formats != null && (command.out == null || !knownFormats(command.formats))) {
            return null; // the refusal is EvalCommand's, through picocli's command spec
        }
        command.statsOptions = StatsOptions.of(bootstrap, seed);
        command.links = FollowSymlinksOption.of(followSymlinks);
        return command;
    }

    private static boolean knownFormats(List<String> formats) {
        try {
            ExportFormat.parse(formats);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** A comma list picocli splits as {@code String.split(",")} does: no quotes, no empty item. */
    private static boolean plainCommaList(String value) {
        return value.indexOf('"') < 0 && !value.endsWith(",") && !value.contains(",,") && !value.startsWith(",");
    }

    /** Digits (no sign, no leading '+'), at most {@code maxDigits} of them, as a number; null otherwise. */
    private static Long decimal(String value, int maxDigits) {
        if (value.length() > maxDigits) {
            return null;
        }
        for (int i = 0; i < value.length(); i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return null;
            }
        }
        return Long.parseLong(value);
    }
}
