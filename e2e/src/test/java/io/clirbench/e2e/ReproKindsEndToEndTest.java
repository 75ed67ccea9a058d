package io.clirbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.repro.ReproSpecReader;
import io.clirbench.core.search.RetrieverId;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench repro repro/e2e-xquad-clir-kinds-f6s11.yaml} through a real local stack with the encoder the offline
 * build ships: bm25, dense, fuse and rerank run in one run and meet the values that file derives from the recorded
 * base runs (see the file for why each composed run must equal its base run).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReproKindsEndToEndTest {

    private static final String MODEL = "all-minilm-l6-v2";

    @TempDir
    static Path temp;

    private E2eStack e2e;

    @BeforeAll
    void up() {
        e2e = E2eStack.up(temp.resolve("stack"), List.of(MODEL));
    }

    @AfterAll
    void down() {
        if (e2e != null) {
            e2e.down();
        }
    }

    @Test
    void theComposedKindsReproduceTheirBaseRunsThroughTheStack() {
        Path file = e2e.home().resolve("repro/e2e-xquad-clir-kinds-f6s11.yaml");
        List<String> kinds = ReproSpecReader.read(file).stack().retrievers().stream().map(r -> RetrieverId.parse(r).kind())
                .distinct().toList();
        assertThat(kinds).containsExactly("bm25", "dense", "fuse", "rerank");
        int code = E2eStack.bench("repro", file.toString(), "--gateway", e2e.gatewayUrl(), "--token", e2e.runnerToken(),
                "--state-dir", e2e.config().stateDir().toString());
        assertThat(code).as("bench repro exit status (its OK/FAIL lines are on stderr above)").isZero();
    }
}
