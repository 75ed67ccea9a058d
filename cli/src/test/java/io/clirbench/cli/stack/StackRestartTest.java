package io.clirbench.cli.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench restart} and the log rotation of {@code bench up} on real processes (a shell that prints its
 * readiness line and sleeps) instead of the services: same bookkeeping, seconds instead of minutes.
 */
class StackRestartTest {

    private static final String READY = "test-service ready";

    @Test
    void aLiveServiceIsStoppedAndStartedAgainADeadOneJustStarted(@TempDir Path dir) throws Exception {
        LocalStack stack = new LocalStack(new StackConfig(dir, dir, 0, 0, 0, 0, Map.of()), new PrintStream(PrintStream.nullOutputStream()));
        Path log = dir.resolve("logs/svc.log");
        Files.createDirectories(log.getParent());
        List<String> command = List.of("sh", "-c", "echo '" + READY + "'; exec sleep 300");
        Process first = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        // the first process has said it is ready before it is restarted (on a loaded machine sh may not have run yet)
        long readyBy = System.nanoTime() + 30_000_000_000L;
        while (!Files.readString(log, StandardCharsets.UTF_8).contains(READY) && System.nanoTime() < readyBy) {
            Thread.sleep(20);
        }
        StackState state = new StackState("http://127.0.0.1:1", List.of(new StackState.Entry("svc", first.pid(), 1,
                first.info().startInstant().orElseThrow().toString(), log.toString(), command, "log:" + READY)));
        state.write(dir.resolve("stack.json"));
        StackState restarted = null;
        StackState again = null;
        try {
            restarted = stack.restart(state, "svc");
            StackState.Entry entry = restarted.processes().get(0);
            assertThat(first.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)).as("the old process stopped").isTrue();
            assertThat(entry.pid()).isNotEqualTo(first.pid());
            assertThat(StackState.live(entry)).isPresent();
            assertThat(StackState.read(dir.resolve("stack.json")).orElseThrow()).isEqualTo(restarted);
            // the log is appended to, with a marker, and the new readiness line came after it
            String text = Files.readString(log, StandardCharsets.UTF_8);
            assertThat(text.split(READY, -1)).hasSize(3);
            assertThat(text).contains("---- svc started again at ");

            // dead: started again
            ProcessHandle dead = ProcessHandle.of(entry.pid()).orElseThrow();
            dead.destroyForcibly();
            dead.onExit().join();
            again = stack.restart(restarted, "svc");
            assertThat(StackState.live(again.processes().get(0))).isPresent();
            assertThat(again.processes().get(0).pid()).isNotEqualTo(entry.pid());
        } finally {
            first.destroyForcibly();
            for (StackState s : new StackState[] {restarted, again}) {
                if (s != null) {
                    s.processes().forEach(LocalStack::stop);
                }
            }
        }
    }

    @Test
    void anUnknownNameIsAnErrorListingTheServices(@TempDir Path dir) {
        LocalStack stack = new LocalStack(new StackConfig(dir, dir, 0, 0, 0, 0, Map.of()), new PrintStream(PrintStream.nullOutputStream()));
        StackState state = new StackState("http://127.0.0.1:1", List.of(new StackState.Entry("kafka", 1, 1, "", ""),
                new StackState.Entry("embedder-m", 2, 2, "", ""), new StackState.Entry("embedder-m-2", 3, 3, "", "")));
        assertThatThrownBy(() -> stack.restart(state, "embedder-x"))
                .hasMessage("no service named 'embedder-x' in this stack; its services are kafka, embedder-m, embedder-m-2");
    }

    @Test
    void upKeepsFivePreviousLogsPerService(@TempDir Path dir) throws Exception {
        for (int generation = 1; generation <= 7; generation++) {
            LogRotation.rotate(dir, LogRotation.KEEP);
            Files.writeString(dir.resolve("gateway.log"), "generation " + generation);
        }
        assertThat(Files.readString(dir.resolve("gateway.log"))).isEqualTo("generation 7");
        for (int i = 1; i <= 5; i++) {
            assertThat(Files.readString(dir.resolve("gateway.log." + i))).isEqualTo("generation " + (7 - i));
        }
        assertThat(dir.resolve("gateway.log.6")).doesNotExist();
    }

    @Test
    void replicasGetTheirOwnPortsAndNamesAndTheGatewayEveryEndpoint(@TempDir Path dir) {
        StackConfig config = StackConfig.defaults(dir, dir, List.of("all-minilm-l6-v2", "e5-small-v2-q"))
                .withReplicas(Map.of("all-minilm-l6-v2", 3), false);
        assertThat(config.embedderPorts("all-minilm-l6-v2")).containsExactly(8091, 8291, 8491);
        assertThat(config.embedderPorts("e5-small-v2-q")).containsExactly(8092);
        assertThat(StackConfig.embedderName("all-minilm-l6-v2", 2)).isEqualTo("embedder-all-minilm-l6-v2-2");
        assertThatThrownBy(() -> config.withReplicas(Map.of("bge-small-zh-v1.5-q", 2), false))
                .hasMessageContaining("does not start");
    }
}
