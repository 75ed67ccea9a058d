package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The commands that talk to a gateway take {@code --gateway} and {@code --token} from one mixin ({@link GatewayOptions}). */
class GatewayOptionsTest {

    @Test
    void everyGatewayCommandTakesGatewayAndToken() {
        for (List<String> command : List.of(List.of("run"), List.of("report"), List.of("qa", "run"), List.of("agent", "llm"),
                List.of("agent", "baseline"), List.of("align"))) {
            String[] args = java.util.stream.Stream.concat(command.stream(), java.util.stream.Stream.of("--help"))
                    .toArray(String[]::new);
            BenchRun help = BenchRun.of(args);
            assertThat(help.code()).as("%s --help", command).isZero();
            assertThat(help.out()).as("%s --help", command).contains("--gateway=URL").contains("--token=TOKEN");
        }
    }

    @Test
    void theGatewayGivenIsTheOneCalled() {
        // nothing listens on port 1: the error names the URL given, not the local stack's
        BenchRun report = BenchRun.of("report", "some-run", "--gateway", "http://127.0.0.1:1", "--token", "t");
        assertThat(report.code()).isNotZero();
        assertThat(report.err()).contains("cannot reach the gateway at http://127.0.0.1:1");
    }
}
