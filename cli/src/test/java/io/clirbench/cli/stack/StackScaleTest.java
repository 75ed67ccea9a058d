package io.clirbench.cli.stack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The options of {@code bench up --postgres/--eval-replicas/--kafka-partitions} as the stack sees them. */
class StackScaleTest {

    private static final StackScale.Postgres PG = new StackScale.Postgres("jdbc:postgresql://127.0.0.1:5432/test", "postgres", "mine");

    @Test
    void eachServiceGetsItsOwnSchemaAndEveryReplicaItsPort() {
        assertThat(PG.url("eval")).isEqualTo("jdbc:postgresql://127.0.0.1:5432/test?currentSchema=mine_eval");
        assertThat(PG.schema("gateway")).isEqualTo("mine_gateway");
        StackConfig config = new StackConfig(Path.of("."), Path.of("."), 1, 2, 3, 8083, Map.of())
                .withScale(new StackScale(Optional.of(PG), List.of(8084, 8085), 6));
        assertThat(config.evalPorts()).containsExactly(8083, 8084, 8085);
        assertThat(List.of(StackScale.evalName(0), StackScale.evalName(1), StackScale.evalName(2)))
                .containsExactly("eval", "eval-2", "eval-3");
        assertThat(new StackConfig(Path.of("."), Path.of("."), 1, 2, 3, 8083, Map.of()).scale()).isEqualTo(StackScale.DEFAULT);
    }

    @Test
    void badOptionsAreRefusedNamingTheOption() {
        assertThatThrownBy(() -> new StackScale(Optional.empty(), List.of(8084), 2))
                .hasMessageContaining("--eval-replicas 2 needs --postgres");
        assertThatThrownBy(() -> new StackScale.Postgres("jdbc:postgresql://h/db?currentSchema=x", "u", "p"))
                .hasMessageContaining("--postgres must be a JDBC URL");
        assertThatThrownBy(() -> new StackScale.Postgres("jdbc:postgresql://h/db", "u", "Drop;Table"))
                .hasMessageContaining("--postgres-schema must be a lower-case identifier").hasMessageContaining("Drop;Table");
        assertThatThrownBy(() -> new StackScale(Optional.empty(), List.of(), 0)).hasMessageContaining("--kafka-partitions");
        assertThatThrownBy(() -> new StackScale(Optional.empty(), List.of(), 1, Map.of("gatway", "2g")))
                .hasMessageContaining("--heap names service 'gatway'").hasMessageContaining("eval, gateway, index");
        assertThatThrownBy(() -> new StackScale(Optional.empty(), List.of(), 1, Map.of("eval", "3 GB")))
                .hasMessageContaining("--heap eval=3 GB: a size like 768m or 4g");
    }

    @Test
    void aHeapGivenReplacesThatServicesDefaultAndThePreflightFollowsTheEvalService() {
        StackScale scale = new StackScale(Optional.empty(), List.of(), 1, Map.of("gateway", "3g", "eval", "1536m"));
        assertThat(scale.xmx("gateway")).isEqualTo("-Xmx3g");
        assertThat(scale.xmx("index")).isEqualTo("-Xmx2g");            // the default
        assertThat(scale.heapBytes("eval")).isEqualTo(1536L * 1024 * 1024);
        assertThat(StackScale.DEFAULT.heapBytes("eval")).isEqualTo(1L << 30);
    }
}
