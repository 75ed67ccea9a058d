package io.clirbench.core.agentic.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.clirbench.core.model.Document;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The JSON mapper of the agentic formats (duplicate keys rejected) and a deterministic pretty writer. */
public final class AgentJson {

    /** Duplicate keys rejected: with last-one-wins a repeated field would silently change the data. */
    public static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .build();

    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private AgentJson() {
    }

    /** Pretty JSON with two-space indents and LF line ends, ending with a newline: the same value gives the same bytes. */
    public static String pretty(Object value) {
        try {
            return MAPPER.copy().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS).writer(PRETTY)
                    .writeValueAsString(value) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One line of JSON (for JSONL). */
    public static String line(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A corpus document as one JSON line (no newline): _id, title (when it has one), text, lang, family, then its metadata. */
    public static String documentLine(Document d) {
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("_id", d.id());
        if (d.title() != null) {
            line.put("title", d.title());
        }
        line.put("text", d.text());
        line.put("lang", d.lang());
        line.put("family", d.family());
        line.putAll(d.metadata());
        return line(line);
    }

    /** Writes {@link #pretty} of the value as UTF-8. */
    public static void write(Path file, Object value) {
        try {
            Files.writeString(file, pretty(value), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** A text or integer JSON value as a string id (BrowseComp-Plus ids may be numbers); {@code null} otherwise. */
    public static String id(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isTextual()) {
            return node.textValue();
        }
        return node.isIntegralNumber() ? node.asText() : null;
    }
}
