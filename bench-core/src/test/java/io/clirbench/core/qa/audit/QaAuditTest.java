package io.clirbench.core.qa.audit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each gate fires on the instance built to trip it, and only there. */
class QaAuditTest {

    @TempDir
    Path dir;

    private static String line(String id, String sourceId, String question, String candidates, String facts, String status) {
        return "{\"id\":\"" + id + "\",\"source_id\":\"" + sourceId + "\",\"question\":\"" + question + "\",\"answer\":\"A\","
                + "\"question_language\":\"en\",\"answer_language\":\"en\",\"candidates\":" + candidates + ",\"supporting_facts\":" + facts
                + (status == null ? "" : ",\"status\":\"" + status + "\"") + "}";
    }

    private static final String ONE = "[{\"id\":\"p0\",\"title\":\"T\",\"sentences\":[\"s0\"],\"language\":\"en\"}]";
    private static final String FACT = "[{\"paragraph_id\":\"p0\",\"sentence_id\":0}]";

    @Test
    void everyGateIsCountedWithItsInstance() throws IOException {
        Path file = Files.writeString(dir.resolve("instances.jsonl"), String.join("\n",
                line("x-s1", "s1", "Q?", ONE, FACT, "accepted"),                                   // clean
                line("x-s2", "s2", " ", ONE, FACT, "quarantined"),                                  // empty-text
                line("x-s3", "s3", "Q\\ufffd", ONE, FACT, null),                                   // invalid-unicode
                line("x-s4", "s4", "Q?", "[{\"id\":\"p0\",\"title\":\"T\",\"sentences\":[\"s0\"],\"language\":\"en\","
                        + "\"source_sentences\":[\"a\",\"b\"]}]", FACT, null),                    // sentence-count-mismatch
                line("x-s5", "s5", "Q?", ONE, "[{\"paragraph_id\":\"p0\",\"sentence_id\":5}]", null), // support-out-of-bounds
                line("x-s6", "s6", "Q?", "[{\"id\":\"p0\",\"title\":\"T\",\"sentences\":[\"  \"],\"language\":\"en\"}]", FACT, null),
                line("x-s7", "s7", "Q?", "[{\"id\":\"p0\",\"title\":\"T\",\"sentences\":[\"s\"],\"language\":\"en\"},"
                        + "{\"id\":\"p0\",\"title\":\"T\",\"sentences\":[\"s\"],\"language\":\"en\"}]", FACT, "review_required"),
                line("renamed", "s8", "Q?", ONE, FACT, null)) + "\n");                             // unstable-id
        QaAudit.Report report = QaAudit.audit(file);
        assertThat(report.instances()).isEqualTo(8);
        Map<String, Integer> counts = new java.util.LinkedHashMap<>();
        report.findings().forEach((gate, list) -> counts.put(gate, list.size()));
        // one finding per gate, in gate order
        assertThat(counts.keySet()).containsExactlyElementsOf(QaAudit.GATES);
        assertThat(counts.values()).containsOnly(1);
        assertThat(report.findings().get("support-out-of-bounds").get(0).toString())
                .isEqualTo("line 5 'x-s5': fact ('p0', 5): paragraph has 1 sentences");
        assertThat(report.findings().get("unstable-id").get(0).line()).isEqualTo(8);
        assertThat(report.statuses()).containsEntry("accepted", 1).containsEntry("quarantined", 1).containsEntry("review_required", 1)
                .containsEntry("none", 5);
    }
}
