package io.clirbench.cli;

import io.clirbench.core.Version;

/**
 * The entry point of bench.jar: {@code bench --version} (or {@code -V}) is answered here, as picocli would print it,
 * without loading picocli or any command class; everything else goes to {@link BenchCommand}. A version request then
 * starts about as fast as a hello-world JVM (benchmarks/README.md, "Start-up of the command").
 */
public final class BenchMain {

    private BenchMain() {
    }

    public static void main(String[] args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            System.out.println(versionLine());
            System.exit(0);
        }
        BenchCommand.main(args);
    }

    /** What {@code bench --version} prints: {@code bench 0.1.0-SNAPSHOT}. */
    static String versionLine() {
        return "bench " + Version.current();
    }
}
