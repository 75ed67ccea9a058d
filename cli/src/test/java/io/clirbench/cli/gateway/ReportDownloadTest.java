package io.clirbench.cli.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the downloads write what they fetched: every file under its own name, sub-directories made, nothing outside. */
class ReportDownloadTest {

    @TempDir
    Path temp;

    @Test
    void everyFileIsWrittenUnderItsNameAndNoPartialFileIsLeft() throws Exception {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("report.json", "{\"a\":1}");
        files.put("agent-1/evaluation_summary.json", "{}");
        files.put("run/run_q 1.json", "ünïcode");
        Path out = temp.resolve("results/agent-1");
        assertThat(ReportDownload.writeAll(files, out)).containsExactly("report.json", "agent-1/evaluation_summary.json",
                "run/run_q 1.json");
        for (Map.Entry<String, String> f : files.entrySet()) {
            assertThat(Files.readString(out.resolve(f.getKey()))).isEqualTo(f.getValue());
        }
        try (Stream<Path> all = Files.walk(out)) {
            assertThat(all.filter(Files::isRegularFile)).hasSize(3);
        }
    }

    @Test
    void aNameLeavingTheOutputDirectoryWritesNothing() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("report.json", "{}");
        files.put("../outside.json", "{}");
        Path out = temp.resolve("results/r");
        assertThatThrownBy(() -> ReportDownload.writeAll(files, out)).isInstanceOf(GatewayException.class)
                .hasMessageContaining("'../outside.json'").hasMessageContaining("nothing written");
        assertThat(out).doesNotExist();
        assertThat(temp.resolve("results/outside.json")).doesNotExist();
    }
}
