package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench repro} on the shipped QA and agent files, whose expected values are the peers' own stored outputs
 * (../shared/data/qa-parity, ../shared/data/agentic-parity), and on copies with one value moved out of its tolerance.
 */
class ReproPillarsTest {

    private static final Path SHARED = Path.of(System.getProperty("shared.data")).toAbsolutePath().normalize();

    @Test
    void theShippedQaFilesPass() {
        BenchRun unicode = BenchRun.of("repro", "../repro/xh-lang-qa-unicode.yaml", "../repro/xh-lang-qa-legacy.yaml");
        assertThat(unicode.code()).as(unicode.out() + unicode.err()).isZero();
        assertThat(unicode.out()).contains("OK   pred", "overall.answer.f1", "by_question_language.zh.answer.f1", "all values OK")
                .doesNotContain("FAIL");
    }

    @Test
    void theShippedAgentFilePasses() {
        BenchRun agent = BenchRun.of("repro", "../repro/bcp-main-agent.yaml");
        assertThat(agent.code()).as(agent.out() + agent.err()).isZero();
        assertThat(agent.out()).contains("OK   fixture-agent", "Accuracy (%)", "avg_tool_stats.search", "all values OK")
                .doesNotContain("FAIL");
    }

    @Test
    void aQaOrAgentValueOutsideItsToleranceFails(@TempDir Path dir) throws Exception {
        // the peer's answer F1 under unicode_script_aware is 0.6984718614718615; 0.69847 is 1.9e-6 off, far beyond 1e-12
        Path qa = dir.resolve("qa.yaml");
        Files.writeString(qa, absolute(Files.readString(Path.of("../repro/xh-lang-qa-unicode.yaml")))
                .replace("value: 0.6984718614718615", "value: 0.69847"));
        BenchRun wrongQa = BenchRun.of("repro", qa.toString());
        assertThat(wrongQa.code()).isEqualTo(1);
        assertThat(wrongQa.out()).contains("FAIL pred", "overall.answer.f1", "1 value(s) FAIL");
        // the peer's accuracy is 109 / 248 = 43.95 %; 44.0 is not
        Path agent = dir.resolve("agent.yaml");
        Files.writeString(agent, absolute(Files.readString(Path.of("../repro/bcp-main-agent.yaml")))
                .replace("value: 43.95", "value: 44.0"));
        BenchRun wrongAgent = BenchRun.of("repro", agent.toString());
        assertThat(wrongAgent.code()).isEqualTo(1);
        assertThat(wrongAgent.out()).contains("FAIL fixture-agent", "Accuracy (%)", "1 value(s) FAIL");
    }

    private static String absolute(String spec) {
        return spec.replace("../../shared/data/", SHARED + "/");
    }
}
