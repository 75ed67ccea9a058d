package io.clirbench.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;

/** Runs {@code bench} in-process and captures its exit code, stdout and stderr (for the agent command tests). */
public record BenchRun(int code, String out, String err) {

    public static synchronized BenchRun of(String... args) {
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(errBytes, true, StandardCharsets.UTF_8));
        // built after the streams are swapped: picocli's writers wrap System.out and System.err as they are now
        CommandLine commandLine = BenchCommand.commandLine();
        StringWriter err = new StringWriter();
        commandLine.setErr(new PrintWriter(err, true));
        try {
            int code = commandLine.execute(args);
            return new BenchRun(code, out.toString(StandardCharsets.UTF_8), errBytes.toString(StandardCharsets.UTF_8) + err);
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
    }
}
