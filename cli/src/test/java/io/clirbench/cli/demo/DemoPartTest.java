package io.clirbench.cli.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** bench demo's parts: a failed part is named with its reason in one line and makes the exit status 1. */
class DemoPartTest {

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void everyPartSucceededExitsZeroAndNamesEachReportDirectory() {
        DemoPart retrieval = DemoPart.run("retrieval", () -> Path.of("results", "r1"));
        DemoPart qa = DemoPart.run("QA", () -> Path.of("results", "q1"));

        int rc = DemoPart.summarize(List.of(retrieval, qa), 12.34, print(out), print(err));

        assertThat(rc).isZero();
        assertThat(text(out)).contains("demo retrieval part: done in ", "; report files: results/r1",
                "demo QA part: done in ", "; report files: results/q1", "demo wall time 12.3 s");
        assertThat(text(err)).isEmpty();
    }

    @Test
    void aFailedPartIsNamedWithItsReasonInOneLineAndTheExitStatusIsOne() {
        DemoPart retrieval = DemoPart.run("retrieval", () -> Path.of("results", "r1"));
        DemoPart qa = DemoPart.run("QA", () -> {
            throw new IllegalArgumentException("POST /api/qa-datasets: 400 Bad Request:\n  'path' not under a dataset root");
        });

        int rc = DemoPart.summarize(List.of(retrieval, qa), 1.0, print(out), print(err));

        assertThat(rc).isEqualTo(1);
        assertThat(text(out)).contains("demo QA part: FAILED in ").doesNotContain("results/null");
        assertThat(text(err)).isEqualTo("bench demo: the QA part failed: POST /api/qa-datasets: 400 Bad Request: "
                + "'path' not under a dataset root" + System.lineSeparator());
    }

    @Test
    void aPartThatFailsDoesNotHideTheOtherFailure() {
        DemoPart retrieval = DemoPart.run("retrieval", () -> {
            throw new DemoPart.Failure("run r1 ended FAILED: eval-service unreachable");
        });
        DemoPart qa = DemoPart.run("QA", () -> {
            throw new IllegalStateException("QA run q1 ended CANCELLED");
        });

        int rc = DemoPart.summarize(List.of(retrieval, qa), 1.0, print(out), print(err));

        assertThat(rc).isEqualTo(1);
        assertThat(text(err).lines()).containsExactly("bench demo: the retrieval part failed: run r1 ended FAILED: eval-service unreachable",
                "bench demo: the QA part failed: QA run q1 ended CANCELLED");
    }

    private static PrintStream print(ByteArrayOutputStream bytes) {
        return new PrintStream(bytes, true, StandardCharsets.UTF_8);
    }

    private static String text(ByteArrayOutputStream bytes) {
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
