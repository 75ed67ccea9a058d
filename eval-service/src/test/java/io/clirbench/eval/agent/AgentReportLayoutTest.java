package io.clirbench.eval.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.proto.agent.v1.AgentRunOpened;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The platform's report of an agent run on a task in the exact ARCHITECTURE.md layout (bench-core's fixture:
 * family-level qrels listing every language version, lang_assignment.json + query_lang_assignment.json, no
 * configuration.json) keeps its per-evidence-language rows: the values worked by hand in bench-core's
 * ArchitectureLayoutTaskTest (cross-lingual de: N 2, accuracy 1, recall 0.5; ar: N 2, accuracy 0, recall 0.5;
 * multilingual ar: 2, 0.5, 0.5; de: 1, 0, 1; mixed: 1, 1, 0.5), not one {@code mixed} row.
 */
class AgentReportLayoutTest {

    static final Path FIXTURES = Path.of("../bench-core/src/test/resources/agentic").toAbsolutePath().normalize();

    private static Map<String, double[]> rows(String configuration) throws Exception {
        AgentRunOpened opened = AgentRunOpened.newBuilder().setRunId("r-" + configuration).setTaskId("family-level")
                .setTaskLocation(FIXTURES.resolve("architecture-layout").toString()).setConfiguration(configuration)
                .setBootstrap(0).setSeed(1).build();
        AgentRun run = BcpRunReader.read(FIXTURES.resolve("agentic-runs").resolve(configuration), "r-" + configuration, true);
        Map<String, String> files = new AgentReportBuilder().build(opened, run, 0L);
        JsonNode report = new ObjectMapper().readTree(files.get("report.json"));
        Map<String, double[]> out = new HashMap<>();
        for (JsonNode row : report.get("runs").get(0).get("byEvidenceLanguage")) {
            out.put(row.get("language").asText(), new double[] {row.get("queries").asInt(), row.get("accuracy").asDouble(),
                    row.get("evidenceRecall").asDouble()});
        }
        return out;
    }

    @Test
    void crossLingualAndMultilingualRowsEqualTheHandTable() throws Exception {
        Map<String, double[]> cross = rows("cross-lingual");
        assertThat(cross).containsOnlyKeys("de", "ar");
        assertThat(cross.get("de")).containsExactly(new double[] {2, 1.0, 0.5}, within(1e-12));
        assertThat(cross.get("ar")).containsExactly(new double[] {2, 0.0, 0.5}, within(1e-12));
        Map<String, double[]> multi = rows("multilingual");
        assertThat(multi).containsOnlyKeys("ar", "de", "mixed");
        assertThat(multi.get("ar")).containsExactly(new double[] {2, 0.5, 0.5}, within(1e-12));
        assertThat(multi.get("de")).containsExactly(new double[] {1, 0.0, 1.0}, within(1e-12));
        assertThat(multi.get("mixed")).containsExactly(new double[] {1, 1.0, 0.5}, within(1e-12));
    }
}
