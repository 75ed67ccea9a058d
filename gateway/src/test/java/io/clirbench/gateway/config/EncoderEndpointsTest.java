package io.clirbench.gateway.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The encoders directory laid out as Kubernetes mounts a ConfigMap: keys are symlinks into "..data". */
class EncoderEndpointsTest {

    @TempDir
    Path dir;

    private void mountLike(Map<String, String> keys) throws Exception {
        Path version = Files.createDirectory(dir.resolve("..2026_11_30_11_00_00.123"));
        for (var e : keys.entrySet()) {
            Files.writeString(version.resolve(e.getKey()), e.getValue());
        }
        Files.createSymbolicLink(dir.resolve("..data"), version.getFileName());
        for (String key : keys.keySet()) {
            Files.createSymbolicLink(dir.resolve(key), Path.of("..data", key));
        }
    }

    @Test
    void filesNameModelsAndWinOverProperties() throws Exception {
        mountLike(Map.of("bge-m3", "embedder-bge-m3:8080\n", "all-minilm-l6-v2", " a:1 , b:2 "));
        Map<String, List<String>> merged = EncoderEndpoints.merge(
                Map.of("all-minilm-l6-v2", List.of("localhost:8091"), "test-model", List.of("localhost:1")), Optional.of(dir));
        assertThat(merged).containsExactlyInAnyOrderEntriesOf(Map.of(
                "bge-m3", List.of("embedder-bge-m3:8080"),
                "all-minilm-l6-v2", List.of("a:1", "b:2"),      // the directory wins, whitespace trimmed
                "test-model", List.of("localhost:1")));          // properties only; "..data" and the version dir ignored
    }

    @Test
    void noDirectoryMeansPropertiesOnly() {
        assertThat(EncoderEndpoints.merge(Map.of("m", List.of("h:1")), Optional.empty())).isEqualTo(Map.of("m", List.of("h:1")));
    }

    @Test
    void badContentFailsNamingTheFileAndTheValue() throws Exception {
        Files.writeString(dir.resolve("empty-model"), "  \n");
        assertThatThrownBy(() -> EncoderEndpoints.readDir(dir)).hasMessageContaining("empty-model").hasMessageContaining("''");
        Files.delete(dir.resolve("empty-model"));
        Files.writeString(dir.resolve("bad-port"), "embedder-x:80a0");
        assertThatThrownBy(() -> EncoderEndpoints.readDir(dir)).hasMessageContaining("bad-port").hasMessageContaining("'embedder-x:80a0'");
        Files.writeString(dir.resolve("bad-port"), "a:1,,b:2");
        assertThatThrownBy(() -> EncoderEndpoints.readDir(dir)).hasMessageContaining("bad-port").hasMessageContaining("'a:1,,b:2'");
        assertThatThrownBy(() -> EncoderEndpoints.readDir(dir.resolve("missing"))).hasMessageContaining("missing").hasMessageContaining("not a directory");
    }
}
