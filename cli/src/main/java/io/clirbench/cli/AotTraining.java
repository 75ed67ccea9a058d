package io.clirbench.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The training workload of the launcher's AOT cache for the commands that do not train one on themselves (everything
 * but an evaluation and a version request: {@code bench eval --help}, {@code bench run ...}): the common short
 * commands in one JVM, run as {@code bench} runs them, their output discarded. It is kept small on purpose: the JVM
 * maps every class of the cache at start-up, so a class only {@code bench --help} needs (the whole command tree,
 * Jackson) would cost every other command. The {@code bench} script
 * runs it once per jar, JDK and options, in the background after the first such command, with
 * {@code -XX:AOTCacheOutput} (JDK 25, JEP 514); see benchmarks/README.md, "Start-up of the command".
 */
public final class AotTraining {

    private AotTraining() {
    }

    public static void main(String[] args) throws IOException {
        Path dir = Files.createTempDirectory("bench-aot-training");
        PrintStream out = System.out;
        PrintStream err = System.err;
        try {
            Path qrels = Files.writeString(dir.resolve("tiny.qrels"), "q1 0 d1 1\nq1 0 d2 0\nq2 0 d3 2\n");
            Path run = Files.writeString(dir.resolve("tiny.run"), "q1 Q0 d1 1 2.5 tiny\nq1 Q0 d2 2 1.5 tiny\nq2 Q0 d3 1 0.5 tiny\n");
            PrintStream discard = new PrintStream(OutputStream.nullOutputStream(), false, out.charset());
            System.setOut(discard);
            System.setErr(discard);
            StoredHelp.print(new String[] {"eval", "--help"}, discard); // what `bench eval --help` runs
            for (List<String> command : List.of(
                    List.of("eval", "--help"),
                    List.of("eval", "--qrels", qrels.toString(), "--run", run.toString()),
                    List.of("eval", "--no-such-option"))) {
                BenchCommand.run(command.toArray(String[]::new));
            }
        } finally {
            System.setOut(out);
            System.setErr(err);
            try (var files = Files.list(dir)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
            Files.delete(dir);
        }
    }
}
