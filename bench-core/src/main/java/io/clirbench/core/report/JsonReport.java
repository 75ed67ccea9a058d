package io.clirbench.core.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.clirbench.core.eval.EvalReport;

/**
 * The JSON report: every number of {@link EvalReport}, with the query count of each mean.
 * Undefined values are {@code null} (never NaN, which JSON cannot carry).
 */
public final class JsonReport {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    /** Reads what {@link #render} wrote; a field it does not know (a newer report's) is skipped. */
    private static final ObjectMapper READER = new ObjectMapper()
            .configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    private JsonReport() {
    }

    /** Renders the report as indented JSON. */
    public static String render(EvalReport report) {
        try {
            return MAPPER.writeValueAsString(report) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render the report as JSON: " + e.getMessage(), e);
        }
    }

    /**
     * The report back from its JSON ({@link #render}'s output; {@code bench report} rebuilds the exports from a
     * stored run's {@code report.json}). Unreadable JSON is an {@link IllegalArgumentException} naming {@code source}.
     */
    public static EvalReport read(String json, String source) {
        try {
            return READER.readValue(json, EvalReport.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(source + ": not a clirbench report.json: " + e.getOriginalMessage(), e);
        }
    }
}
