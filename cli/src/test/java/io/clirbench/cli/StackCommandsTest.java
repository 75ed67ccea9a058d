package io.clirbench.cli;

import io.clirbench.cli.stack.UpCommand;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.cli.stack.LocalStack;
import io.clirbench.cli.stack.StackConfig;
import io.clirbench.cli.stack.StackState;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The local-stack commands without the services: PID bookkeeping, errors, the summary table. */
class StackCommandsTest {

    @Test
    void downStopsExactlyTheRecordedProcessAndLeavesAReusedPidAlone(@TempDir Path dir) throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "300").start();
        Process other = new ProcessBuilder("sleep", "300").start();
        try {
            String instant = sleeper.info().startInstant().orElseThrow().toString();
            // the second entry claims the other process's PID with a start time that is not its own: a reused PID
            StackState state = new StackState("http://127.0.0.1:1", List.of(
                    new StackState.Entry("a", sleeper.pid(), 1, instant, ""),
                    new StackState.Entry("b", other.pid(), 2, "2000-01-01T00:00:00Z", "")));
            state.write(dir.resolve("stack.json"));
            assertThat(StackState.read(dir.resolve("stack.json"))).contains(state);

            int stopped = new LocalStack(new StackConfig(dir, dir, 0, 0, 0, 0, Map.of()), new PrintStream(PrintStream.nullOutputStream()))
                    .stop(state);

            assertThat(stopped).isEqualTo(1);
            assertThat(sleeper.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
            assertThat(other.isAlive()).isTrue();
            assertThat(dir.resolve("stack.json")).doesNotExist();
        } finally {
            sleeper.destroyForcibly();
            other.destroyForcibly();
        }
    }

    @Test
    void downWithoutAStackIsANoOp(@TempDir Path dir) {
        StringWriter err = new StringWriter();
        int code = run(err, "down", "--state-dir", dir.toString());
        assertThat(code).isZero();
    }

    @Test
    void upWithoutBuiltServicesSaysHowToBuildThemAndStartsNothing(@TempDir Path dir) {
        String home = System.getProperty("bench.home");
        System.setProperty("bench.home", dir.toString()); // a checkout with nothing built
        try {
            StringWriter err = new StringWriter();
            int code = run(err, "up", "--models", "all-minilm-l6-v2", "--state-dir", dir.resolve("state").toString());
            assertThat(code).isEqualTo(1);
            assertThat(err.toString()).contains("is missing: build the services first with ./mvnw -q package -DskipTests");
            assertThat(dir.resolve("state/stack.json")).doesNotExist();
        } finally {
            if (home == null) {
                System.clearProperty("bench.home");
            } else {
                System.setProperty("bench.home", home);
            }
        }
    }

    @Test
    void upRejectsAnUnknownModel(@TempDir Path dir) {
        StringWriter err = new StringWriter();
        int code = run(err, "up", "--models", "no-such-model", "--state-dir", dir.toString());
        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("unknown model 'no-such-model'");
    }

    @Test
    void upTakesModelsImportedByModelAddEachOnItsOwnPort(@TempDir Path dir) throws Exception {
        for (String m : List.of("bge-m3", "labse")) {
            java.nio.file.Files.createDirectories(dir.resolve("models").resolve(m));
            java.nio.file.Files.writeString(dir.resolve("models").resolve(m).resolve("model.json"), "{}");
        }
        StackOptions stack = new StackOptions();
        stack.stateDir = dir;
        var config = UpCommand.config(stack, List.of("e5-small-v2-q", "bge-m3", "labse"));
        // built-in models keep their catalogue port (8091 + index); imported ones follow from 8191
        assertThat(config.embedders()).containsExactly(java.util.Map.entry("e5-small-v2-q", 8092),
                java.util.Map.entry("bge-m3", 8191), java.util.Map.entry("labse", 8192));
    }

    @Test
    void summaryCsvBecomesAnAlignedTable() {
        // a quoted field with a comma and a doubled quote, as RFC 4180 writes them
        String csv = "run,R@10\n\"a,\"\"b\"\"\",0.5\nbm25,0.25\n";
        assertThat(io.clirbench.core.io.Csv.parse(csv)).containsExactly(List.of("run", "R@10"), List.of("a,\"b\"", "0.5"), List.of("bm25", "0.25"));
        assertThat(SummaryTable.render(csv).lines().toList()).hasSize(3).allMatch(l -> !l.isBlank());
    }

    private static int run(StringWriter err, String... args) {
        CommandLine commandLine = BenchCommand.commandLine();
        commandLine.setErr(new PrintWriter(err));
        return commandLine.execute(args);
    }
}
