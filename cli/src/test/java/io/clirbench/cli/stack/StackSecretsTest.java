package io.clirbench.cli.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** bench up's credentials file: owner-only, random on the first start, the same on every later one, in every process's environment. */
class StackSecretsTest {

    @Test
    void upWritesAnOwnerOnlyFileOfRandomValuesAndKeepsItAcrossRestarts(@TempDir Path dir) throws Exception {
        Path state = dir.resolve("state");
        up(dir, state); // nothing is built under dir: up fails after preparing the secrets, as a failed start would
        Path file = state.resolve("secrets.env");
        assertThat(Files.getPosixFilePermissions(file)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(Files.getPosixFilePermissions(state)).isEqualTo(PosixFilePermissions.fromString("rwx------"));
        String first = Files.readString(file, StandardCharsets.UTF_8);
        StackSecrets secrets = StackSecrets.loadOrCreate(state);
        assertThat(secrets.environment()).containsOnlyKeys(StackSecrets.KEYS);
        assertThat(secrets.get(StackSecrets.KAFKA_USER)).isEqualTo("clirbench");
        List<String> random = List.of(StackSecrets.RUNNER_TOKEN, StackSecrets.READER_TOKEN, StackSecrets.SERVICE_TOKEN,
                StackSecrets.KAFKA_PASSWORD);
        for (String key : random) {
            // 32 bytes in base64url without padding: 43 characters of [A-Za-z0-9_-]
            assertThat(secrets.get(key)).as(key).matches("[A-Za-z0-9_-]{43}");
            assertThat(first).contains(key + "=" + secrets.get(key) + "\n");
        }
        assertThat(new HashSet<>(random.stream().map(secrets::get).toList())).hasSize(4);

        up(dir, state);
        up(dir, state);
        assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(first);

        // another stack gets other values
        StackSecrets other = StackSecrets.loadOrCreate(dir.resolve("other"));
        for (String key : random) {
            assertThat(other.get(key)).isNotEqualTo(secrets.get(key));
        }
    }

    @Test
    void downLeavesTheFile(@TempDir Path dir) {
        StackSecrets secrets = StackSecrets.loadOrCreate(dir);
        new LocalStack(new StackConfig(dir, dir, 0, 0, 0, 0, Map.of()), quiet()).stop(new StackState("http://127.0.0.1:1", List.of()));
        assertThat(StackSecrets.loadOrCreate(dir).environment()).isEqualTo(secrets.environment());
    }

    @Test
    void aPresentFileIsKeptItsMissingKeysAddedAndItsModeTightened(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("secrets.env");
        Files.writeString(file, "# mine\nCLIRBENCH_RUNNER_TOKEN=my-runner\n\nCLIRBENCH_KAFKA_USER=alice\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        StackSecrets secrets = StackSecrets.loadOrCreate(dir);
        assertThat(secrets.get(StackSecrets.RUNNER_TOKEN)).isEqualTo("my-runner");
        assertThat(secrets.get(StackSecrets.KAFKA_USER)).isEqualTo("alice");
        assertThat(secrets.get(StackSecrets.SERVICE_TOKEN)).matches("[A-Za-z0-9_-]{43}");
        assertThat(Files.getPosixFilePermissions(file)).isEqualTo(PosixFilePermissions.fromString("rw-------"));
        assertThat(StackSecrets.loadOrCreate(dir).environment()).isEqualTo(secrets.environment());
        assertThat(dir.resolve("secrets.env.tmp")).doesNotExist();

        Files.writeString(file, "CLIRBENCH_RUNNER_TOKEN=x\nnot a pair\n");
        assertThatThrownBy(() -> StackSecrets.loadOrCreate(dir)).isInstanceOf(StackException.class)
                .hasMessageContaining("secrets.env line 2").hasMessageNotContaining("CLIRBENCH_RUNNER_TOKEN=x");
    }

    @Test
    void everyProcessGetsTheValuesAsEnvironmentVariables(@TempDir Path dir) throws Exception {
        StackSecrets secrets = StackSecrets.loadOrCreate(dir);
        ServiceLaunch printer = new ServiceLaunch("printer", List.of("sh", "-c",
                "echo \"$CLIRBENCH_RUNNER_TOKEN $CLIRBENCH_READER_TOKEN $CLIRBENCH_SERVICE_TOKEN $CLIRBENCH_KAFKA_USER $CLIRBENCH_KAFKA_PASSWORD\""),
                0, "");
        Process process = LocalStack.processBuilder(printer, secrets).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(process.waitFor()).isZero();
        assertThat(output).isEqualTo(String.join(" ", StackSecrets.KEYS.stream().map(secrets::get).toList()));
        assertThat(secrets.toString()).doesNotContain(secrets.get(StackSecrets.SERVICE_TOKEN));
    }

    private static void up(Path home, Path state) {
        StackConfig config = StackConfig.withFreePorts(home, state, List.of("all-minilm-l6-v2"));
        assertThatThrownBy(() -> new LocalStack(config, quiet()).up()).isInstanceOf(StackException.class)
                .hasMessageContaining("is missing: build the services first");
    }

    private static PrintStream quiet() {
        return new PrintStream(PrintStream.nullOutputStream());
    }
}
