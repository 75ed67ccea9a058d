package io.clirbench.core.repro;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.clirbench.core.io.StrictText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/** Reads a reproduction file (YAML); every problem names the file and the field. */
public final class ReproSpecReader {

    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Set<String> TOP = Set.of("name", "dataset", "runs", "stack", "qa", "agent", "depth", "seed",
            "bootstrap", "expected");
    private static final Set<String> EXPECTED = Set.of("run", "metric", "section", "value", "tolerance", "source");

    private ReproSpecReader() {
    }

    public static ReproSpec read(Path file) {
        JsonNode root;
        try (java.io.InputStream in = Files.newInputStream(file)) {
            root = YAML.readTree(StrictText.read(in));
        } catch (StrictText.InvalidUtf8Exception e) {
            throw new ReproFormatException(file + " " + e.getMessage()); // "repro.yaml line 2: invalid UTF-8: byte 0xC0 ..."
        } catch (IOException e) {
            throw new ReproFormatException(file + ": cannot read: " + e.getMessage());
        }
        String where = file.toString();
        if (root == null || !root.isObject()) {
            throw new ReproFormatException(where + ": not a YAML mapping");
        }
        known(root, TOP, where);
        List<Path> runs = new ArrayList<>();
        for (JsonNode run : array(root, "runs", where)) {
            runs.add(resolve(file, text(run, where + ": runs[]")));
        }
        ReproSpec.StackRun stack = stack(root.get("stack"), where);
        ReproSpec.QaFiles qa = qa(file, root.get("qa"), where);
        ReproSpec.AgentFiles agent = agent(file, root.get("agent"), where);
        int given = (runs.isEmpty() ? 0 : 1) + (stack == null ? 0 : 1) + (qa == null ? 0 : 1) + (agent == null ? 0 : 1);
        if (given != 1) {
            throw new ReproFormatException(where + ": give either 'runs' (run files, evaluated offline), 'stack' (retrievers run "
                    + "through the local stack), 'qa' (QA predictions) or 'agent' (an agent run): exactly one, found " + given);
        }
        boolean retrieval = qa == null && agent == null;
        if (!retrieval && root.has("dataset")) {
            throw new ReproFormatException(where + ": 'dataset' is the retrieval dataset; a 'qa' or 'agent' file names its gold "
                    + "files in its own block");
        }
        List<Expectation> expected = new ArrayList<>();
        int i = 0;
        for (JsonNode e : array(root, "expected", where)) {
            expected.add(expectation(e, where + ": expected[" + i++ + "]"));
        }
        if (expected.isEmpty()) {
            throw new ReproFormatException(where + ": 'expected' lists no value");
        }
        Path dataset = retrieval ? resolve(file, text(required(root, "dataset", where), where + ": dataset")) : null;
        return new ReproSpec(text(required(root, "name", where), where + ": name"), file, dataset, List.copyOf(runs), stack, qa, agent,
                integer(root, "depth", 1000, where), root.has("seed") ? integer(root, "seed", 42, where) : 42,
                integer(root, "bootstrap", 0, where), List.copyOf(expected));
    }

    /** A path of the file, relative to the file's own directory (so a file can be run from anywhere). */
    private static Path resolve(Path file, String path) {
        Path parent = file.toAbsolutePath().getParent();
        return parent.resolve(path).normalize();
    }

    private static ReproSpec.StackRun stack(JsonNode node, String where) {
        if (node == null || node.isNull()) {
            return null;
        }
        String at = where + ": stack";
        known(node, Set.of("retrievers", "families", "sampleSeed"), at);
        List<String> retrievers = new ArrayList<>();
        for (JsonNode r : array(node, "retrievers", at)) {
            retrievers.add(text(r, at + ".retrievers[]"));
        }
        if (retrievers.isEmpty()) {
            throw new ReproFormatException(at + ".retrievers: no retriever");
        }
        return new ReproSpec.StackRun(List.copyOf(retrievers), integer(node, "families", 0, at), integer(node, "sampleSeed", 7, at));
    }

    private static ReproSpec.QaFiles qa(Path file, JsonNode node, String where) {
        if (node == null || node.isNull()) {
            return null;
        }
        String at = where + ": qa";
        known(node, Set.of("gold", "predictions", "protocol"), at);
        List<Path> predictions = new ArrayList<>();
        for (JsonNode p : array(node, "predictions", at)) {
            predictions.add(resolve(file, text(p, at + ".predictions[]")));
        }
        if (predictions.isEmpty()) {
            throw new ReproFormatException(at + ".predictions: no prediction file");
        }
        String protocol = node.has("protocol") ? text(node.get("protocol"), at + ".protocol") : "unicode";
        if (!Set.of("unicode", "legacy", "hotpot").contains(protocol)) {
            throw new ReproFormatException(at + ".protocol: unicode, legacy or hotpot, found '" + protocol + "'");
        }
        return new ReproSpec.QaFiles(resolve(file, text(required(node, "gold", at), at + ".gold")), List.copyOf(predictions), protocol);
    }

    private static ReproSpec.AgentFiles agent(Path file, JsonNode node, String where) {
        if (node == null || node.isNull()) {
            return null;
        }
        String at = where + ": agent";
        known(node, Set.of("run", "groundTruth", "evidence", "judgements"), at);
        return new ReproSpec.AgentFiles(path(file, node, "run", at), path(file, node, "groundTruth", at),
                path(file, node, "evidence", at), path(file, node, "judgements", at));
    }

    private static Path path(Path file, JsonNode node, String field, String at) {
        return resolve(file, text(required(node, field, at), at + "." + field));
    }

    private static Expectation expectation(JsonNode e, String at) {
        known(e, EXPECTED, at);
        int section = integer(e, "section", 0, at);
        if (section < 0 || section > 2) {
            throw new ReproFormatException(at + ".section: 1 (standard) or 2 (language-aware), found " + section);
        }
        double tolerance = number(required(e, "tolerance", at), at + ".tolerance");
        if (tolerance < 0) {
            throw new ReproFormatException(at + ".tolerance: must be >= 0, found " + tolerance);
        }
        return new Expectation(text(required(e, "run", at), at + ".run"), text(required(e, "metric", at), at + ".metric"),
                section, number(required(e, "value", at), at + ".value"), tolerance,
                text(required(e, "source", at), at + ".source"));
    }

    private static void known(JsonNode node, Set<String> fields, String where) {
        if (!node.isObject()) {
            throw new ReproFormatException(where + ": expected a mapping, found " + node);
        }
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!fields.contains(name)) {
                throw new ReproFormatException(where + ": unknown field '" + name + "' (known: " + fields + ")");
            }
        }
    }

    private static JsonNode required(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            throw new ReproFormatException(where + ": missing field '" + field + "'");
        }
        return value;
    }

    private static Iterable<JsonNode> array(JsonNode node, String field, String where) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return List.of();
        }
        if (!value.isArray()) {
            throw new ReproFormatException(where + ": '" + field + "' must be a list, found " + value);
        }
        return value;
    }

    private static String text(JsonNode node, String at) {
        if (!node.isTextual() || node.textValue().isBlank()) {
            throw new ReproFormatException(at + ": expected a non-empty string, found " + node);
        }
        return node.textValue();
    }

    private static double number(JsonNode node, String at) {
        if (!node.isNumber()) {
            throw new ReproFormatException(at + ": expected a number, found " + node);
        }
        return node.doubleValue();
    }

    private static int integer(JsonNode node, String field, int fallback, String where) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return fallback;
        }
        if (!value.isIntegralNumber() || !value.canConvertToInt()) {
            throw new ReproFormatException(where + "." + field + ": expected an integer, found " + value);
        }
        return value.intValue();
    }
}
