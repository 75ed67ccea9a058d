package io.clirbench.core.dataset;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.LanguageTag;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** Reads and validates {@code dataset.json}, the dataset descriptor. */
public final class DatasetInfoReader {

    /** The fields with a meaning; any other field is kept in {@link DatasetInfo#extra()}. */
    public static final Set<String> FIELDS =
            Set.of("id", "name", "version", "license", "source", "languages", "familyExpansion");

    private DatasetInfoReader() {
    }

    /**
     * Reads the descriptor. When {@code dataLanguages} is not null, a {@code languages} field
     * must list exactly those languages; when the field is absent they are used instead.
     * Returns null when the descriptor has problems (recorded in {@code problems}).
     */
    public static DatasetInfo read(Path path, Set<String> dataLanguages, Problems problems) {
        String file = path.getFileName().toString();
        int before = problems.size();
        String text = LineReader.readAll(path, problems, io.clirbench.core.io.InputLimits.SMALL_DOCUMENT_BYTES);
        if (text == null) {
            return null;
        }
        JsonNode node = JsonValues.parse(text, file, 0, problems);
        if (node == null) {
            return null;
        }
        if (!node.isObject()) {
            problems.add(file, "not a JSON object");
            return null;
        }
        // Fields beyond the known ones (description, seed, citation, ...) are kept as they are, not rejected.
        Map<String, String> extra = new LinkedHashMap<>();
        node.fields().forEachRemaining(field -> {
            if (!FIELDS.contains(field.getKey())) {
                extra.put(field.getKey(), field.getValue().toString());
            }
        });
        String id = string(node, "id", file, problems, MAX_ID);
        if (id != null && !SAFE_ID.matcher(id).matches()) {
            problems.add(file, "'id' " + JsonValues.quote(id) + " must match " + SAFE_ID.pattern()
                    + " (it names directories, collections and files)");
            id = null;
        }
        if (id == null && (node.get("id") == null || node.get("id").isNull())) {
            problems.add(file, "missing field 'id'");
        }
        String name = string(node, "name", file, problems, MAX_NAME);
        String version = string(node, "version", file, problems, MAX_VERSION);
        String license = string(node, "license", file, problems, MAX_NAME);
        String source = string(node, "source", file, problems, MAX_NAME);
        boolean familyExpansion = familyExpansion(node, file, problems);
        JsonNode official = node.get(OfficialMeasures.FIELD);
        String officialProblem = official == null ? null : OfficialMeasures.problem(official);
        if (officialProblem != null) {
            problems.add(file, officialProblem);
        }
        List<String> languages = languages(node, dataLanguages, file, problems);
        if (problems.size() > before) {
            return null;
        }
        return new DatasetInfo(id, name, version, license, source, languages, familyExpansion, extra);
    }

    /**
     * Longest {@code id} and {@code version} (200 characters) and {@code name}, {@code license}, {@code source} (1,000):
     * the gateway stores them in columns of those sizes, so a longer one is refused here, naming the field, rather than
     * failing in the database (issue 45: a version of 5,000 characters was a 500).
     */
    static final int MAX_ID = 200;
    /**
     * A dataset id: it names the directory of an upload, index-service collections and report files, so the same rule
     * holds however the dataset arrives (issue 45: {@code "../../x"} was accepted by path while uploads refused it).
     */
    public static final java.util.regex.Pattern SAFE_ID = java.util.regex.Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]{0,127}");
    static final int MAX_VERSION = 200;
    static final int MAX_NAME = 1_000;

    private static String string(JsonNode node, String field, String file, Problems problems, int maxLength) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual() || value.textValue().isBlank()) {
            problems.add(file, "'" + field + "' must be a non-empty string, found " + JsonValues.quote(value.toString()));
            return null;
        }
        if (value.textValue().length() > maxLength) {
            problems.add(file, tooLong(field, value.textValue(), maxLength));
            return null;
        }
        return value.textValue();
    }

    private static String tooLong(String field, String value, int maxLength) {
        return "'" + field + "' must be at most " + maxLength + " characters, found " + value.length() + ": "
                + JsonValues.quote(value.substring(0, 40) + "...");
    }

    /**
     * Why {@code info} could not be read back by {@link #read} (its id, or a field too long for the gateway's columns), or
     * null: for a writer, so that it never writes a descriptor its reader refuses (issue 45: {@code bench build parallel
     * --id ../../x} was written, and refused only at registration).
     */
    public static String problem(DatasetInfo info) {
        if (info.id() == null || !SAFE_ID.matcher(info.id()).matches()) {
            return "'id' " + JsonValues.quote(info.id()) + " must match " + SAFE_ID.pattern() + " (it names directories, collections and files)";
        }
        String[][] fields = {{"name", info.name()}, {"version", info.version()}, {"license", info.license()}, {"source", info.source()}};
        for (String[] f : fields) {
            int max = f[0].equals("version") ? MAX_VERSION : MAX_NAME;
            if (f[1] != null && f[1].length() > max) {
                return tooLong(f[0], f[1], max);
            }
        }
        return null;
    }

    private static boolean familyExpansion(JsonNode node, String file, Problems problems) {
        JsonNode value = node.get("familyExpansion");
        if (value == null || value.isNull()) {
            return false; // METRICS.md section 2: off when absent
        }
        if (!value.isBoolean()) {
            problems.add(file, "'familyExpansion' must be true or false, found " + JsonValues.quote(value.toString()));
            return false;
        }
        return value.booleanValue();
    }

    private static List<String> languages(JsonNode node, Set<String> dataLanguages, String file, Problems problems) {
        JsonNode value = node.get("languages");
        if (value == null || value.isNull()) {
            return dataLanguages == null ? List.of() : List.copyOf(new TreeSet<>(dataLanguages));
        }
        if (!value.isArray()) {
            problems.add(file, "'languages' must be an array of language tags, found " + JsonValues.quote(value.toString()));
            return List.of();
        }
        TreeSet<String> listed = new TreeSet<>();
        for (JsonNode code : value) {
            String problem = code.isTextual() ? LanguageCheck.problem(code.textValue()) : "not a string: " + code;
            if (problem != null) {
                problems.add(file, "'languages': " + problem);
            } else if (!listed.add(LanguageTag.canonical(code.textValue()))) {
                problems.add(file, "'languages' lists " + JsonValues.quote(code.textValue()) + " twice");
            }
        }
        if (dataLanguages != null && !listed.equals(new TreeSet<>(dataLanguages))) {
            problems.add(file, languageDifference(listed, new TreeSet<>(dataLanguages)));
        }
        return List.copyOf(listed);
    }

    private static String languageDifference(TreeSet<String> listed, TreeSet<String> found) {
        List<String> parts = new ArrayList<>();
        TreeSet<String> notFound = new TreeSet<>(listed);
        notFound.removeAll(found);
        TreeSet<String> notListed = new TreeSet<>(found);
        notListed.removeAll(listed);
        if (!notFound.isEmpty()) {
            parts.add("lists " + notFound + " not found in corpus or queries");
        }
        if (!notListed.isEmpty()) {
            parts.add("misses " + notListed + " found in corpus or queries");
        }
        return "'languages' " + String.join(" and ", parts);
    }
}
