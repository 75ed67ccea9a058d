package io.clirbench.core.construct.qatranslate;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.qa.export.XhotpotLanguages;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * A frozen assignment replayed exactly: XHotpotQA's manifest ({@code ManifestLanguageAssigner}, schema
 * {@code xhotpotqa-assignment-manifest-v1}): {@code {"schema_version", "assignment_version", "assignments": {source_id:
 * {"question-answer": L, "paragraph:0": L, ...}}}}. Checked as the peer checks it: exactly those three root keys, no
 * duplicate key anywhere, a non-empty version, every source with {@code question-answer} and contiguous paragraph units from
 * 0, every language one of XHotpotQA's codes. Its SHA-256 (of the file's bytes) goes into every record's provenance.
 */
public final class ManifestLanguageAssignment implements LanguageAssignment {

    public static final String SCHEMA = "xhotpotqa-assignment-manifest-v1";

    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final Pattern PARAGRAPH = Pattern.compile("paragraph:(0|[1-9][0-9]*)");

    private final Path file;
    private final String version;
    private final String sha256;
    private final Map<String, Map<String, String>> assignments;

    private ManifestLanguageAssignment(Path file, String version, String sha256, Map<String, Map<String, String>> assignments) {
        this.file = file;
        this.version = version;
        this.sha256 = sha256;
        this.assignments = assignments;
    }

    /** Reads and checks a manifest; every problem is an {@link IllegalArgumentException} naming the file (and the source). */
    public static ManifestLanguageAssignment read(Path file) {
        byte[] raw;
        try {
            raw = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the assignment manifest " + file + ": " + e.getMessage(), e);
        }
        JsonNode root;
        try {
            root = JSON.readTree(raw);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not a JSON assignment manifest: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(file + ": the manifest's root must be a JSON object");
        }
        List<String> keys = new ArrayList<>();
        root.fieldNames().forEachRemaining(keys::add);
        if (!new TreeSet<>(keys).equals(new TreeSet<>(List.of("schema_version", "assignment_version", "assignments")))) {
            throw new IllegalArgumentException(file + ": the manifest must hold exactly schema_version, assignment_version and "
                    + "assignments, not " + keys);
        }
        if (!SCHEMA.equals(root.get("schema_version").asText(null)) || !root.get("schema_version").isTextual()) {
            throw new IllegalArgumentException(file + ": schema_version " + root.get("schema_version") + " is not '" + SCHEMA + "'");
        }
        JsonNode v = root.get("assignment_version");
        if (!v.isTextual() || v.asText().isBlank()) {
            throw new IllegalArgumentException(file + ": assignment_version must be a non-empty string, not " + v);
        }
        JsonNode all = root.get("assignments");
        if (!all.isObject() || all.isEmpty()) {
            throw new IllegalArgumentException(file + ": assignments must be a non-empty object keyed by source id");
        }
        Map<String, Map<String, String>> assignments = new LinkedHashMap<>();
        for (var source : all.properties()) {
            assignments.put(source.getKey(), units(file, source.getKey(), source.getValue()));
        }
        return new ManifestLanguageAssignment(file, v.asText(), sha256(raw), assignments);
    }

    private static Map<String, String> units(Path file, String sourceId, JsonNode units) {
        String where = file + ": source " + JsonValues.quote(sourceId) + ": ";
        if (sourceId.isEmpty()) {
            throw new IllegalArgumentException(file + ": a source id is empty");
        }
        if (!units.isObject()) {
            throw new IllegalArgumentException(where + "its assignments must be an object, not " + units);
        }
        if (!units.has(QUESTION_ANSWER)) {
            throw new IllegalArgumentException(where + "no '" + QUESTION_ANSWER + "' unit");
        }
        Map<String, String> out = new LinkedHashMap<>();
        TreeSet<Integer> paragraphs = new TreeSet<>();
        for (var u : units.properties()) {
            if (!u.getKey().equals(QUESTION_ANSWER)) {
                var m = PARAGRAPH.matcher(u.getKey());
                if (!m.matches()) {
                    throw new IllegalArgumentException(where + "unit " + JsonValues.quote(u.getKey()) + " is neither '"
                            + QUESTION_ANSWER + "' nor paragraph:N");
                }
                paragraphs.add(Integer.parseInt(m.group(1)));
            }
            if (!u.getValue().isTextual() || !XhotpotLanguages.supports(u.getValue().asText())) {
                throw new IllegalArgumentException(where + "unit " + JsonValues.quote(u.getKey()) + ": language " + u.getValue()
                        + " is not one of XHotpotQA's codes " + XhotpotLanguages.CODES);
            }
            out.put(u.getKey(), u.getValue().asText());
        }
        if (paragraphs.isEmpty()) {
            throw new IllegalArgumentException(where + "no paragraph unit (paragraph:0 at least)");
        }
        if (paragraphs.last() != paragraphs.size() - 1) {
            throw new IllegalArgumentException(where + "paragraph units are not contiguous from paragraph:0 (has " + paragraphs + ")");
        }
        return out;
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public String manifestSha256() {
        return sha256;
    }

    @Override
    public Long seed() {
        return null;
    }

    @Override
    public List<String> languages() {
        TreeSet<String> languages = new TreeSet<>();
        assignments.values().forEach(u -> languages.addAll(u.values()));
        return List.copyOf(languages);
    }

    @Override
    public String problem(String sourceId, List<String> unitIds) {
        Map<String, String> units = assignments.get(sourceId);
        if (units == null) {
            return "the assignment manifest " + file + " has no source " + JsonValues.quote(sourceId);
        }
        if (!new TreeSet<>(units.keySet()).equals(new TreeSet<>(unitIds))) {
            TreeSet<String> missing = new TreeSet<>(unitIds);
            missing.removeAll(units.keySet());
            TreeSet<String> unexpected = new TreeSet<>(units.keySet());
            unexpected.removeAll(unitIds);
            return "the assignment manifest " + file + " does not match source " + JsonValues.quote(sourceId) + ": missing "
                    + missing + ", unexpected " + unexpected;
        }
        return null;
    }

    @Override
    public String assign(String sourceId, String unitId) {
        String language = assignments.getOrDefault(sourceId, Map.of()).get(unitId);
        if (language == null) {
            throw new IllegalArgumentException("the assignment manifest " + file + " has no unit " + unitId + " for source "
                    + JsonValues.quote(sourceId));
        }
        return language;
    }

    private static String sha256(byte[] raw) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(raw));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
