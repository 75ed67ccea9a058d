package io.clirbench.cli.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the CLI's token comes from: --token, else CLIRBENCH_TOKEN, else the stack's secrets.env runner token. */
class GatewayTokenTest {

    @TempDir
    Path stateDir;

    @Test
    void theOptionWinsThenTheEnvironmentThenTheStacksSecrets() throws Exception {
        Files.writeString(stateDir.resolve("secrets.env"), """
                # written by bench up
                CLIRBENCH_READER_TOKEN=reader-value
                CLIRBENCH_RUNNER_TOKEN=runner-value
                CLIRBENCH_SERVICE_TOKEN=service-value
                """);
        Map<String, String> env = Map.of("CLIRBENCH_TOKEN", "env-value");
        assertThat(GatewayToken.resolve("option-value", env, stateDir)).hasValue("option-value");
        assertThat(GatewayToken.resolve(null, env, stateDir)).hasValue("env-value");
        assertThat(GatewayToken.resolve("", Map.of("CLIRBENCH_TOKEN", " "), stateDir)).hasValue("runner-value");
        assertThat(GatewayToken.resolve(null, Map.of(), stateDir)).hasValue("runner-value");
    }

    @Test
    void noneAnywhereIsEmpty() throws Exception {
        assertThat(GatewayToken.resolve(null, Map.of(), stateDir)).isEmpty();
        assertThat(GatewayToken.resolve(null, Map.of(), null)).isEmpty();
        Files.writeString(stateDir.resolve("secrets.env"), "CLIRBENCH_RUNNER_TOKEN=\nCLIRBENCH_READER_TOKEN=r\n");
        assertThat(GatewayToken.resolve(null, Map.of(), stateDir)).isEmpty();
    }
}
