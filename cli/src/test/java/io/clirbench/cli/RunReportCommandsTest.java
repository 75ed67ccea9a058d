package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bench agent report} and {@code bench qa report}: registered under their groups with a one-sentence
 * description, and a gateway that cannot be reached is one clear error that writes nothing. Downloading from a real
 * gateway is checked in e2e's AgentEndToEndTest and QaEndToEndTest.
 */
class RunReportCommandsTest {

    @TempDir
    Path temp;

    @Test
    void bothAreRegisteredWithOneSentence() {
        for (String group : new String[] {"agent", "qa"}) {
            CommandLine report = BenchCommand.commandLine().getSubcommands().get(group).getSubcommands().get("report");
            assertThat(report).as(group + " report").isNotNull();
            String[] description = report.getCommandSpec().usageMessage().description();
            assertThat(description).hasSize(1);
            assertThat(description[0]).endsWith(".").doesNotContain(". ").startsWith("Writes a ");
        }
    }

    @Test
    void anUnreachableGatewayIsOneClearErrorAndWritesNothing() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        for (String group : new String[] {"agent", "qa"}) {
            Path out = temp.resolve(group);
            BenchRun run = BenchRun.of(group, "report", "run-1", "--out", out.toString(), "--gateway",
                    "http://127.0.0.1:" + port, "--token", "t");
            assertThat(run.code()).as(run.err()).isNotZero();
            assertThat(run.err()).contains("cannot reach the gateway at http://127.0.0.1:" + port).contains("connection refused");
            assertThat(out).doesNotExist();
        }
    }
}
