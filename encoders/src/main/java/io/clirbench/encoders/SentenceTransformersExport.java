package io.clirbench.encoders;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns a sentence-transformers ONNX export (what {@code optimum-cli export onnx --library sentence_transformers}
 * or {@code SentenceTransformer(..., backend="onnx").save(...)} writes) into a model card: {@code modules.json}
 * (Transformer, Pooling, Normalize; Dense only inside the graph), {@code 1_Pooling/config.json} (pooling mode),
 * {@code sentence_bert_config.json} (max length, lower-casing), {@code config_sentence_transformers.json}
 * (prompts → query / document prefixes), {@code model.onnx} (or {@code onnx/model.onnx}) and
 * {@code tokenizer.json}. Every error names the file and the field.
 */
public final class SentenceTransformersExport {

    static final ObjectMapper JSON = new ObjectMapper();
    /** Pooling modes of sentence-transformers' Pooling module that the embedder runs. */
    static final Map<String, Pooling> MODES = Map.of("pooling_mode_mean_tokens", Pooling.MEAN,
            "pooling_mode_cls_token", Pooling.CLS, "pooling_mode_lasttoken", Pooling.LAST_TOKEN);
    static final List<String> UNSUPPORTED_MODES = List.of("pooling_mode_max_tokens", "pooling_mode_mean_sqrt_len_tokens",
            "pooling_mode_weightedmean_tokens");
    /** Outputs of exports that hold pooling (and Dense, Normalize) inside the graph. */
    static final String SENTENCE_EMBEDDING = "sentence_embedding";

    /** The card and what was read to make it. */
    public record Imported(ObjectNode card, Path onnx, List<String> notes) {
    }

    private SentenceTransformersExport() {
    }

    /**
     * Reads the export in {@code dir}.
     *
     * @param id        the card's model id
     * @param languages ISO 639-1 codes, or {@code multilingual}
     */
    public static Imported read(Path dir, String id, List<String> languages) {
        if (!Files.isDirectory(dir)) {
            throw new ModelCardException(dir + ": not a directory (a sentence-transformers ONNX export)", null);
        }
        List<String> notes = new ArrayList<>();
        Path onnx = firstFile(dir, "model.onnx", "onnx/model.onnx");
        Path tokenizer = requireFile(dir.resolve("tokenizer.json"));
        JsonNode modules = readJson(requireFile(dir.resolve("modules.json")));
        JsonNode bert = readJson(requireFile(dir.resolve("sentence_bert_config.json")));
        Path stConfigFile = dir.resolve("config_sentence_transformers.json");
        JsonNode stConfig = Files.isRegularFile(stConfigFile) ? readJson(stConfigFile) : JSON.createObjectNode();

        ObjectNode card = JSON.createObjectNode();
        card.put("id", id);
        card.put("description", "imported by bench model add from the sentence-transformers ONNX export " + dir.toAbsolutePath());
        card.set("languages", JSON.valueToTree(languages));
        card.put("onnx", dir.relativize(onnx).toString());
        card.put("tokenizer", "tokenizer.json");
        String name = onnx.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.contains("int8") || name.contains("quantized") || name.contains("qint8")) {
            card.put("quantization", "int8");
        }
        GraphOutputs outputs = GraphOutputs.of(onnx);
        boolean normalize = false;
        String poolingPath = null;
        List<String> afterPooling = new ArrayList<>();
        if (!modules.isArray() || modules.isEmpty()) {
            throw new ModelCardException(dir.resolve("modules.json") + ": must be a non-empty array of modules", null);
        }
        for (int i = 0; i < modules.size(); i++) {
            String type = text(modules.get(i), "type", dir.resolve("modules.json"), "[" + i + "].type");
            String simple = type.substring(type.lastIndexOf('.') + 1);
            switch (simple) {
                case "Transformer" -> { }
                case "Pooling" -> poolingPath = text(modules.get(i), "path", dir.resolve("modules.json"), "[" + i + "].path");
                case "Normalize" -> normalize = true;
                default -> afterPooling.add("[" + i + "] " + type);
            }
        }
        if (outputs.has(SENTENCE_EMBEDDING)) {
            // pooling, Dense and Normalize are inside the graph: its sentence_embedding is the vector
            card.put("dimension", outputs.lastDimension(SENTENCE_EMBEDDING, onnx));
            card.put("pooling", "tensor");
            card.put("output", SENTENCE_EMBEDDING);
            notes.add("the graph has a sentence_embedding output: pooling " + (afterPooling.isEmpty() ? "" : "and " + afterPooling + " ")
                    + "run inside it");
        } else {
            if (!afterPooling.isEmpty()) {
                throw new ModelCardException(dir.resolve("modules.json") + ": module " + afterPooling.getFirst()
                        + " runs after pooling, and " + onnx.getFileName() + " has no '" + SENTENCE_EMBEDDING + "' output (its outputs: "
                        + outputs.names() + "): export the whole pipeline (optimum-cli export onnx --library sentence_transformers)", null);
            }
            if (poolingPath == null) {
                throw new ModelCardException(dir.resolve("modules.json") + ": no sentence_transformers.models.Pooling module", null);
            }
            Path poolingFile = requireFile(dir.resolve(poolingPath).resolve("config.json"));
            JsonNode pooling = readJson(poolingFile);
            card.put("pooling", pooling(pooling, poolingFile).cardName());
            card.put("dimension", positive(pooling, "word_embedding_dimension", poolingFile));
            if (stConfig.path("prompts").size() > 0 && !pooling.path("include_prompt").asBoolean(true)) {
                throw new ModelCardException(poolingFile.toString(), "include_prompt", "is false: the prompt's tokens are left out of the pooling, "
                        + "which the embedder does not do (it pools every token of the prompted text)");
            }
        }
        card.put("normalize", normalize);
        JsonNode maxLength = bert.get("max_seq_length");
        if (maxLength != null && !maxLength.isNull()) {
            card.put("maxTokens", positive(bert, "max_seq_length", dir.resolve("sentence_bert_config.json")));
        }
        if (bert.path("do_lower_case").asBoolean(false)) {
            card.put("lowercase", true);
        }
        prompts(stConfig, stConfigFile, card, notes);
        return new Imported(card, onnx, notes);
    }

    /** {@code prompts.query} → query prefix; {@code prompts.document} (or {@code passage}, {@code corpus}) → document prefix. */
    static void prompts(JsonNode stConfig, Path file, ObjectNode card, List<String> notes) {
        JsonNode prompts = stConfig.path("prompts");
        if (!prompts.isMissingNode() && !prompts.isNull() && !prompts.isObject()) {
            throw new ModelCardException(file.toString(), "prompts", "must be an object {\"name\": \"prompt\"}, found " + prompts);
        }
        String fallback = null;
        JsonNode defaultName = stConfig.get("default_prompt_name");
        if (defaultName != null && !defaultName.isNull()) {
            if (!prompts.has(defaultName.asText())) {
                throw new ModelCardException(file.toString(), "default_prompt_name", "names '" + defaultName.asText() + "', which is not among prompts "
                        + JSON.valueToTree(prompts));
            }
            fallback = prompts.get(defaultName.asText()).asText();
        }
        String query = prompt(prompts, file, fallback, "query");
        String document = prompt(prompts, file, fallback, "document", "passage", "corpus");
        if (query != null && !query.isEmpty()) {
            card.putObject("query").put("prefix", query);
        }
        if (document != null && !document.isEmpty()) {
            card.putObject("document").put("prefix", document);
        }
        prompts.fieldNames().forEachRemaining(n -> {
            if (!List.of("query", "document", "passage", "corpus").contains(n) && (defaultName == null || !n.equals(defaultName.asText()))) {
                notes.add("prompt '" + n + "' of " + file.getFileName() + " is not used (only query and document prompts are)");
            }
        });
    }

    private static String prompt(JsonNode prompts, Path file, String fallback, String... names) {
        for (String n : names) {
            JsonNode p = prompts.get(n);
            if (p != null && !p.isNull()) {
                if (!p.isTextual()) {
                    throw new ModelCardException(file.toString(), "prompts." + n, "must be a string, found " + p);
                }
                return p.asText();
            }
        }
        return fallback;
    }

    static Pooling pooling(JsonNode config, Path file) {
        List<String> on = new ArrayList<>();
        config.fieldNames().forEachRemaining(n -> {
            if (n.startsWith("pooling_mode_") && config.get(n).asBoolean(false)) {
                on.add(n);
            }
        });
        if (on.size() != 1) {
            throw new ModelCardException(file.toString(), "pooling_mode_*", "must turn exactly one mode on, found " + on);
        }
        String mode = on.getFirst();
        if (UNSUPPORTED_MODES.contains(mode) || !MODES.containsKey(mode)) {
            throw new ModelCardException(file.toString(), mode, "is not a pooling the embedder runs (it runs " + MODES.keySet().stream().sorted().toList()
                    + "); export with the pooling inside the graph (a sentence_embedding output)");
        }
        return MODES.get(mode);
    }

    private static int positive(JsonNode node, String field, Path file) {
        JsonNode v = node.get(field);
        if (v == null || !v.isInt() || v.asInt() < 1) {
            throw new ModelCardException(file.toString(), field, "must be a positive integer, found " + v);
        }
        return v.asInt();
    }

    private static String text(JsonNode node, String field, Path file, String where) {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual()) {
            throw new ModelCardException(file.toString(), where, "must be a string, found " + v);
        }
        return v.asText();
    }

    private static Path firstFile(Path dir, String... names) {
        for (String n : names) {
            if (Files.isRegularFile(dir.resolve(n))) {
                return dir.resolve(n);
            }
        }
        throw new ModelCardException(dir + ": no " + String.join(" or ", names) + " (the exported ONNX graph)", null);
    }

    private static Path requireFile(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new ModelCardException(file + ": missing (a sentence-transformers export has it)", null);
        }
        return file;
    }

    static JsonNode readJson(Path file) {
        try {
            JsonNode node = JSON.readTree(file.toFile());
            if (node == null) {
                throw new ModelCardException(file + ": empty", null);
            }
            return node;
        } catch (IOException e) {
            throw new ModelCardException(file + ": not valid JSON (" + e.getMessage().lines().findFirst().orElse("") + ")", e);
        }
    }

    /** The output names and shapes of an ONNX graph (a session opened and closed again). */
    record GraphOutputs(Map<String, long[]> shapes) {

        static GraphOutputs of(Path onnx) {
            try (OrtSession.SessionOptions options = new OrtSession.SessionOptions();
                 OrtSession session = OrtEnvironment.getEnvironment().createSession(onnx.toString(), options)) {
                Map<String, long[]> shapes = new java.util.LinkedHashMap<>();
                for (var e : session.getOutputInfo().entrySet()) {
                    shapes.put(e.getKey(), e.getValue().getInfo() instanceof TensorInfo t ? t.getShape() : new long[0]);
                }
                return new GraphOutputs(shapes);
            } catch (OrtException e) {
                throw new ModelCardException(onnx + ": ONNX Runtime cannot load it: " + e.getMessage(), e);
            }
        }

        boolean has(String name) {
            return shapes.containsKey(name);
        }

        List<String> names() {
            return List.copyOf(shapes.keySet());
        }

        int lastDimension(String name, Path onnx) {
            long[] shape = shapes.get(name);
            if (shape.length == 0 || shape[shape.length - 1] < 1) {
                throw new ModelCardException(onnx + ": output '" + name + "' has no fixed last dimension " + java.util.Arrays.toString(shape), null);
            }
            return (int) shape[shape.length - 1];
        }
    }
}
