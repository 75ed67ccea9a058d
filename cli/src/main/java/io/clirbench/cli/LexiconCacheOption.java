package io.clirbench.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** {@code --cache DIR}: the lexicon cache of {@code bench dict} and {@code bench align}. */
public final class LexiconCacheOption {

    @Option(names = "--cache", paramLabel = "DIR", description = "lexicon cache (default: <state-dir>/lexicons, e.g. .bench/lexicons)")
    Path cache;

    /** The folder given, else {@link #defaultDir}. */
    public Path dir(StackOptions stack) {
        return cache != null ? cache.toAbsolutePath().normalize() : defaultDir(stack);
    }

    /** {@code <state-dir>/lexicons}, where the local stack's gateway reads them. */
    public static Path defaultDir(StackOptions stack) {
        return stack.stateDir().resolve("lexicons");
    }
}
