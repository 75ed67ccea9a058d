package io.clirbench.core.agentic.format;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.agentic.configure.OraclePrompt;
import io.clirbench.core.agentic.configure.OracleSettings;
import io.clirbench.core.agentic.configure.OracleVariant;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The oracle variants of a configuration, {@code configurations/<name>/oracle/<variant>.json}: {@code configuration},
 * {@code variant}, {@code template} (where the prompt comes from), {@code queries} (per query {@code query_id},
 * {@code language}, {@code query}, {@code docids}, {@code instructions} (null: the English ones) and
 * {@code provenance}) and {@code skipped} (query → why). Written by {@code bench agent configure --oracle}, read by
 * {@code bench agent llm --oracle}.
 */
public final class OracleFiles {

    /** The folder of the variants inside a configuration's folder. */
    public static final String DIR = "oracle";
    /** The template's source, as recorded in each file. */
    public static final String TEMPLATE = "BrowseComp-Plus oracle template (search_agent/prompts.py QUERY_TEMPLATE_ORACLE),"
            + " in our words, with the search prompt's answer format (bench-core agentic/configure/oracle-*.txt)";

    private OracleFiles() {
    }

    /** The file of {@code variant} of configuration {@code name} in {@code taskDir}. */
    public static Path path(Path taskDir, String name, OracleVariant variant) {
        return taskDir.resolve("configurations").resolve(name).resolve(DIR).resolve(variant.id() + ".json");
    }

    /** Writes the variant (same variant, same bytes). */
    public static void write(Path taskDir, OracleSettings.Variant v) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("configuration", v.configuration());
        out.put("variant", v.variant().id());
        out.put("template", TEMPLATE);
        List<Map<String, Object>> queries = new ArrayList<>();
        for (OracleSettings.Query q : v.queries()) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("query_id", q.queryId());
            m.put("language", q.language());
            m.put("query", q.query());
            m.put("docids", q.docids());
            m.put("instructions", q.instructions());
            m.put("provenance", q.provenance());
            queries.add(m);
        }
        out.put("queries", queries);
        out.put("skipped", v.skipped());
        Path file = path(taskDir, v.configuration(), v.variant());
        try {
            Files.createDirectories(file.getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        AgentJson.write(file, out);
    }

    /** Reads the variant; an error naming the file and the field when it is not one {@link #write} writes. */
    public static OracleSettings.Variant read(Path taskDir, String name, OracleVariant variant) {
        Path file = path(taskDir, name, variant);
        String where = "configurations/" + name + "/" + DIR + "/" + variant.id() + ".json";
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException(where + ": no such file; write it with bench agent configure --task "
                    + taskDir + " --config " + name + " --oracle");
        }
        Problems problems = new Problems();
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        JsonNode root = JsonValues.parse(text, where, 1, problems);
        List<OracleSettings.Query> queries = new ArrayList<>();
        Map<String, String> skipped = new LinkedHashMap<>();
        if (root != null) {
            if (!variant.id().equals(root.path("variant").asText()) || !name.equals(root.path("configuration").asText())) {
                problems.add(where, "fields 'configuration' and 'variant' must be '" + name + "' and '" + variant.id() + "'");
            }
            JsonNode qs = root.path("queries");
            if (!qs.isArray()) {
                problems.add(where, "field 'queries' must be an array");
            }
            int i = 0;
            for (JsonNode q : qs) {
                String field = "queries[" + i++ + "]";
                String id = text(q, "query_id");
                String query = text(q, "query");
                String language = text(q, "language");
                JsonNode docids = q.path("docids");
                JsonNode instructions = q.path("instructions");
                if (id == null || query == null || language == null || !docids.isArray() || docids.isEmpty()
                        || !(instructions.isNull() || instructions.isMissingNode() || instructions.isTextual())) {
                    problems.add(where, "'" + field + "' needs strings query_id, query, language, a non-empty array docids"
                            + " and instructions a string or null");
                    continue;
                }
                if (instructions.isTextual() && OraclePrompt.problem(instructions.asText()) != null) {
                    problems.add(where, "'" + field + ".instructions': " + OraclePrompt.problem(instructions.asText()));
                    continue;
                }
                List<String> ids = new ArrayList<>();
                docids.forEach(d -> ids.add(d.asText()));
                Map<String, String> provenance = new LinkedHashMap<>();
                q.path("provenance").properties().forEach(e -> provenance.put(e.getKey(), e.getValue().asText()));
                queries.add(new OracleSettings.Query(id, language, query, ids, instructions.isTextual() ? instructions.asText() : null,
                        provenance));
            }
            root.path("skipped").properties().forEach(e -> skipped.put(e.getKey(), e.getValue().asText()));
        }
        problems.throwIfAny();
        return new OracleSettings.Variant(name, variant, queries, skipped);
    }

    private static String text(JsonNode node, String field) {
        JsonNode v = node.path(field);
        return v.isTextual() && !v.asText().isBlank() ? v.asText() : null;
    }
}
