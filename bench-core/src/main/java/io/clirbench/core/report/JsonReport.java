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
}
