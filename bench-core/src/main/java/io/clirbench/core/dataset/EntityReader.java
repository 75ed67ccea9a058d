package io.clirbench.core.dataset;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.LanguageTag;
import io.clirbench.core.model.Query;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads and validates {@code corpus.jsonl} and {@code queries.jsonl} lines (ARCHITECTURE.md
 * "Dataset layout"). One class for the dataset reader and every JSONL importer, so that all of
 * them apply the same rules. Blank lines are skipped (trailing blank lines are common in BEIR).
 */
public final class EntityReader {

    /** The rules of the clirbench layout: {@code lang} and document {@code family} required. */
    public static final EntityReader STRICT = new EntityReader(null, true);

    /** Tells about a document or query without text where text is optional (file, line, what). */
    @FunctionalInterface
    public interface TextWarnings {
        void warn(String file, int line, String message);
    }

    private static final Set<String> DOCUMENT_FIELDS = Set.of("_id", "title", "text", "lang", "family");
    // a query has no title: a "title" field of a query is kept as metadata rather than dropped
    private static final Set<String> QUERY_FIELDS = Set.of("_id", "text", "lang", "family");

    private final String defaultLang;
    private final boolean documentFamilyRequired;
    /** Null: text is required (it is embedded or indexed); otherwise missing or empty text is told here and kept as "". */
    private final TextWarnings textWarnings;

    /**
     * @param defaultLang            language of lines without {@code lang}; null makes {@code lang} required
     * @param documentFamilyRequired whether a document needs {@code family}; otherwise it defaults to its id
     */
    public EntityReader(String defaultLang, boolean documentFamilyRequired) {
        this(defaultLang, documentFamilyRequired, null);
    }

    private EntityReader(String defaultLang, boolean documentFamilyRequired, TextWarnings textWarnings) {
        if (defaultLang != null && LanguageCheck.problem(defaultLang) != null) {
            throw new IllegalArgumentException("default " + LanguageCheck.problem(defaultLang));
        }
        this.defaultLang = defaultLang == null ? null : LanguageTag.canonical(defaultLang);
        this.documentFamilyRequired = documentFamilyRequired;
        this.textWarnings = textWarnings;
    }

    /**
     * The {@link #STRICT} rules where no text is embedded or indexed ({@code bench eval}): a missing
     * or empty {@code text} is a warning told to {@code warnings} and read as "", not an error.
     */
    public static EntityReader textOptional(TextWarnings warnings) {
        return new EntityReader(null, true, java.util.Objects.requireNonNull(warnings, "warnings"));
    }

    /** Reads a corpus file; problems go to {@code problems}, valid documents are returned. */
    public Entities<Document> readCorpus(Path file, Problems problems) {
        return read(file, problems, "document", (fields, id, line) -> {
            String family = optionalString(fields.node, "family", fields, line);
            JsonNode given = fields.node.get("family");
            if (given == null || given.isNull()) {
                if (documentFamilyRequired) {
                    fields.problem(line, "missing field 'family'");
                } else {
                    family = id;
                }
            }
            String title = optionalString(fields.node, "title", fields, line);
            if (fields.bad) {
                return null;
            }
            return new Document(id, title, fields.text, fields.lang, family, metadata(fields.node, DOCUMENT_FIELDS));
        });
    }

    /** Reads a queries file; a query without {@code family} gets its own id as family. */
    public Entities<Query> readQueries(Path file, Problems problems) {
        return read(file, problems, "query", (fields, id, line) -> {
            String family = optionalString(fields.node, "family", fields, line);
            if (fields.bad) {
                return null;
            }
            return new Query(id, fields.text, fields.lang, family, metadata(fields.node, QUERY_FIELDS));
        });
    }

    /** Builds the entity from checked fields; returns null when the line had a problem. */
    private interface Builder<T> {
        T build(Fields fields, String id, int line);
    }

    /** The checked common fields of one line, plus the place to report its problems. */
    private static final class Fields {
        final String file;
        final Problems problems;
        JsonNode node;
        String text;
        String lang;
        boolean bad;

        Fields(String file, Problems problems) {
            this.file = file;
            this.problems = problems;
        }

        void problem(int line, String message) {
            problems.add(file, line, message);
            bad = true;
        }
    }

    private <T> Entities<T> read(Path path, Problems problems, String kind, Builder<T> builder) {
        String file = path.getFileName().toString();
        List<T> items = new ArrayList<>();
        Map<String, Integer> firstLine = new HashMap<>();
        Set<String> languages = new HashSet<>();
        JsonValues.forEachJsonLine(path, file, problems, (line, text, node) -> {
            if (!node.isObject()) {
                problems.add(file, line, "not a JSON object: " + JsonValues.quote(text));
                return;
            }
            Fields fields = new Fields(file, problems);
            fields.node = node;
            String id = id(fields, line);
            if (id != null) {
                Integer first = firstLine.putIfAbsent(id, line);
                if (first != null) {
                    fields.problem(line, "duplicate " + kind + " id " + JsonValues.quote(id) + " (first on line " + first + ")");
                }
            }
            fields.lang = lang(fields, line);
            fields.text = text(fields, line);
            T item = builder.build(fields, id, line);
            if (item != null) {
                items.add(item);
                languages.add(fields.lang);
            }
        });
        return new Entities<>(items, firstLine.keySet(), languages);
    }

    private static String id(Fields fields, int line) {
        JsonNode id = fields.node.get("_id");
        if (id == null || id.isNull()) {
            fields.problem(line, "missing field '_id'");
            return null;
        }
        if (!id.isTextual()) {
            fields.problem(line, "'_id' is not a string: " + id);
            return null;
        }
        if (id.textValue().isBlank()) {
            fields.problem(line, "empty '_id'");
            return null;
        }
        String value = id.textValue();
        for (int i = 0; i < value.length(); i++) {
            if (Character.isISOControl(value.charAt(i))) {
                // issue 45: ids are written in TREC runs and TSV qrels, where a tab or a line break splits a field
                fields.problem(line, String.format(java.util.Locale.ROOT, "'_id' %s contains the control character U+%04X"
                        + " at offset %d (ids go into TREC and TSV files, where it would split a field)",
                        JsonValues.quote(JsonValues.escapeControls(value)), (int) value.charAt(i), i));
                return null;
            }
        }
        return value;
    }

    private String lang(Fields fields, int line) {
        JsonNode lang = fields.node.get("lang");
        if (lang == null || lang.isNull()) {
            if (defaultLang == null) {
                fields.problem(line, "missing field 'lang'");
            }
            return defaultLang;
        }
        if (!lang.isTextual()) {
            fields.problem(line, "'lang' is not a string: " + lang);
            return null;
        }
        String problem = LanguageCheck.problem(lang.textValue());
        if (problem != null) {
            fields.problem(line, problem);
            return null;
        }
        return LanguageTag.canonical(lang.textValue());
    }

    private String text(Fields fields, int line) {
        JsonNode text = fields.node.get("text");
        if (textWarnings != null && (text == null || text.isNull() || (text.isTextual() && isBlank(text.textValue())))) {
            textWarnings.warn(fields.file, line, text == null || text.isNull() ? "missing field 'text'"
                    : "empty text " + JsonValues.quote(text.textValue()));
            return text == null || text.isNull() ? "" : text.textValue();
        }
        if (text == null || text.isNull()) {
            fields.problem(line, "missing field 'text'");
            return null;
        }
        if (!text.isTextual()) {
            fields.problem(line, "'text' is not a string: " + JsonValues.quote(text.toString()));
            return null;
        }
        if (isBlank(text.textValue())) {
            fields.problem(line, "empty text " + JsonValues.quote(text.textValue()));
            return null;
        }
        return text.textValue();
    }

    /** Blank also when made only of no-break or zero-width spaces, which String.isBlank lets through. */
    private static boolean isBlank(String text) {
        return text.codePoints().allMatch(c -> Character.isWhitespace(c) || Character.isSpaceChar(c)
                || c == 0x200B || c == 0x2060 || c == 0xFEFF);
    }

    // null when absent or JSON null; a problem when present but not a non-empty string
    private static String optionalString(JsonNode node, String field, Fields fields, int line) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            fields.problem(line, "'" + field + "' is not a string: " + JsonValues.quote(value.toString()));
            return null;
        }
        if (!"title".equals(field) && value.textValue().isBlank()) {
            fields.problem(line, "empty '" + field + "'");
            return null;
        }
        return value.textValue();
    }

    private static Map<String, Object> metadata(JsonNode node, Set<String> reserved) {
        Map<String, Object> metadata = new LinkedHashMap<>();
        node.properties().forEach(e -> {
            if (!reserved.contains(e.getKey())) {
                metadata.put(e.getKey(), JsonValues.toJava(e.getValue()));
            }
        });
        return metadata;
    }
}
