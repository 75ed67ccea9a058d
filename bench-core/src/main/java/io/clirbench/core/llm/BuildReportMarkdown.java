package io.clirbench.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;

/** The sections every LLM build's {@code build-report.md} ends with: counts by reason, and calls per model. */
public final class BuildReportMarkdown {

    private BuildReportMarkdown() {
    }

    /** {@code ## HEADING}, then one {@code - reason: count} line per entry of {@code counts}, or "None.". */
    public static void reasons(StringBuilder md, String heading, JsonNode counts) {
        md.append("\n## ").append(heading).append("\n\n");
        if (counts.isEmpty()) {
            md.append("None.\n");
        }
        counts.properties().forEach(e -> md.append("- ").append(e.getKey()).append(": ").append(e.getValue().asInt()).append('\n'));
    }

    /** The table of calls, tokens and cost per model over the whole build (the report's {@code usage} array). */
    public static void callsPerModel(StringBuilder md, JsonNode usage) {
        md.append("\n## Calls per model (the whole build)\n\n| model | calls | prompt tokens | completion tokens | cost (USD) |\n"
                + "|---|---:|---:|---:|---:|\n");
        usage.forEach(m -> md.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %.4f |%n", m.get("model").asText(),
                m.get("calls").asLong(), m.get("prompt_tokens").asLong(), m.get("completion_tokens").asLong(), m.get("cost_usd").asDouble())));
    }
}
