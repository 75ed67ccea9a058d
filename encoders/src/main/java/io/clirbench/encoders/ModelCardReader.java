package io.clirbench.encoders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads and validates a {@code model.json} card. The whole card is checked before anything is
 * loaded; every error names the card and the field.
 */
public final class ModelCardReader {

    private static final Set<String> FIELDS = Set.of("kind", "id", "description", "languages", "onnx", "tokenizer",
            "quantization", "dimension", "outputDimension", "maxTokens", "truncate", "pooling", "output",
            "padding", "lowercase", "normalize", "batchInvariant", "query", "document", "license", "source",
            // read by LanguageAdapters (bench align writes them)
            "adapters", "adapterPivot",
            // a static model (kind "static"): its files and its training data's provenance (bench distil writes them)
            "weights", "vocabulary", "training",
            // a served model (kind "remote"): RemoteEndpointReader
            "endpoint",
            // further outputs of an ONNX bi-encoder (MODEL/sparse, MODEL/maxsim)
            "sparse", "multivector");
    /** Fields that describe vectors: a cross-encoder card (one score per pair) has none of them. */
    private static final List<String> VECTOR_FIELDS = List.of("dimension", "outputDimension", "pooling", "normalize",
            "adapters", "adapterPivot",
            // a static model (kind "static"): its files and its training data's provenance (bench distil writes them)
            "weights", "vocabulary", "training");
    private static final ObjectMapper JSON = new ObjectMapper();

    private ModelCardReader() {
    }

    /** Reads a card from {@code classpath:name} or a file path. */
    public static ModelCard read(String location) {
        try (InputStream in = ModelFiles.open(location, null)) {
            return parse(location, in.readAllBytes());
        } catch (IOException e) {
            throw new ModelCardException(location + ": cannot read model card (" + e.getMessage() + ")", e);
        }
    }

    /** Reads a card file. */
    public static ModelCard read(Path file) {
        try {
            return parse(file.toString(), Files.readAllBytes(file));
        } catch (IOException e) {
            throw new ModelCardException(file + ": cannot read model card (" + e.getMessage() + ")", e);
        }
    }

    /** Reads a card from its bytes; {@code source} names it in messages and relative paths resolve against it. */
    public static ModelCard parse(String source, byte[] json) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (IOException e) {
            throw new ModelCardException(source + ": not valid JSON (" + e.getMessage().lines().findFirst().orElse("") + ")", e);
        }
        if (root == null || !root.isObject()) {
            throw new ModelCardException(source + ": a model card is a JSON object", null);
        }
        for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!FIELDS.contains(name)) {
                throw new ModelCardException(source, name, "is unknown (known: " + String.join(", ", FIELDS.stream().sorted().toList()) + ")");
            }
        }
        Fields f = new Fields(source, root);
        for (String output : List.of("sparse", "multivector")) {
            if (root.has(output) && f.kind() != ModelCard.Kind.BI_ENCODER) {
                throw new ModelCardException(source, output, "is an output of an ONNX bi-encoder (\"kind\": \"bi-encoder\"), not of kind \""
                        + f.kind().cardName() + "\": remove it");
            }
        }
        if (f.kind() == ModelCard.Kind.REMOTE) {
            return RemoteEndpointReader.remoteModel(f);
        }
        if (root.has("endpoint")) {
            throw new ModelCardException(source, "endpoint", "is only used by a served model (\"kind\": \"remote\")");
        }
        if (f.kind() == ModelCard.Kind.CROSS_ENCODER) {
            return crossEncoder(f);
        }
        if (f.kind() == ModelCard.Kind.STATIC) {
            return staticModel(f);
        }

        int dimension = f.positiveInt("dimension", null);
        int outputDimension = f.positiveInt("outputDimension", dimension);
        if (outputDimension > dimension) {
            throw new ModelCardException(source, "outputDimension", "is " + outputDimension + ", above dimension " + dimension);
        }
        Pooling pooling = f.pooling();
        String output = f.optionalText("output");
        if (pooling == Pooling.TENSOR && output == null) {
            throw new ModelCardException(source, "output", "is required with pooling 'tensor' (e.g. \"sentence_embedding\")");
        }
        ModelCard.PaddingSide padding = f.padding(pooling);
        return new ModelCard(ModelCard.Kind.BI_ENCODER, source, f.text("id"), f.optionalTextOr("description", ""), f.languages(),
                f.text("onnx"), f.text("tokenizer"), f.optionalTextOr("quantization", "fp32"),
                dimension, outputDimension, f.positiveInt("maxTokens", 512), f.bool("truncate", true),
                pooling, output, padding, f.bool("lowercase", false), f.bool("normalize", true),
                f.bool("batchInvariant", !f.optionalTextOr("quantization", "fp32").startsWith("int8")),
                f.template("query"), f.template("document"), null, null, null, sparse(f), multivector(f));
    }

    /** {@code "sparse": {"output": NAME, "activation": "splade" | "relu-max"}}; null when absent. */
    private static SparseOutput sparse(Fields card) {
        if (!card.root().has("sparse")) {
            return null;
        }
        Fields f = card.object("sparse");
        f.onlyFields("output", "activation");
        try {
            return new SparseOutput(f.text("output"), SparseOutput.Activation.parse(f.text("activation")));
        } catch (IllegalArgumentException e) {
            throw new ModelCardException(card.source(), "sparse.activation", e.getMessage());
        }
    }

    /** {@code "multivector": {"output": NAME, "dimension": D, "normalize": true, "skipFirstToken": false}}; null when absent. */
    private static MultiVectorOutput multivector(Fields card) {
        if (!card.root().has("multivector")) {
            return null;
        }
        Fields f = card.object("multivector");
        f.onlyFields("output", "dimension", "normalize", "skipFirstToken");
        return new MultiVectorOutput(f.text("output"), f.positiveInt("dimension", null), f.bool("normalize", true),
                f.bool("skipFirstToken", false));
    }

    /**
     * A static model's card ({@code bench distil} writes it): {@code weights} and {@code vocabulary} instead of
     * {@code onnx} and {@code tokenizer}; tokens are {@code io.clirbench.core.distil.Segmenter}'s, pooling is the
     * mean of the known tokens' vectors.
     */
    private static ModelCard staticModel(Fields f) {
        for (String field : List.of("onnx", "tokenizer", "pooling", "output", "padding", "outputDimension")) {
            if (f.root().has(field)) {
                throw new ModelCardException(f.source(), field, "is not used by a static model (kind \"static\": "
                        + "\"weights\", \"vocabulary\", \"dimension\"): remove it");
            }
        }
        int dimension = f.positiveInt("dimension", null);
        return new ModelCard(ModelCard.Kind.STATIC, f.source(), f.text("id"), f.optionalTextOr("description", ""), f.languages(),
                null, null, "fp32", dimension, dimension, f.positiveInt("maxTokens", 512), f.bool("truncate", true),
                Pooling.MEAN, null, ModelCard.PaddingSide.RIGHT, false, f.bool("normalize", true), true,
                f.template("query"), f.template("document"), f.text("weights"), f.text("vocabulary"), null);
    }

    /**
     * A cross-encoder card: the pair goes through the tokenizer's pair encoding (query template on the first
     * text, document template on the second) and {@code output} (default: the first output) holds one score per
     * pair, checked against the ONNX graph when it loads.
     */
    private static ModelCard crossEncoder(Fields f) {
        for (String field : VECTOR_FIELDS) {
            if (f.root().has(field)) {
                throw new ModelCardException(f.source(), field, "is not used by a cross-encoder (kind \"cross-encoder\" "
                        + "gives one score per (query, document) pair, no vector): remove it");
            }
        }
        String quantization = f.optionalTextOr("quantization", "fp32");
        return new ModelCard(ModelCard.Kind.CROSS_ENCODER, f.source(), f.text("id"), f.optionalTextOr("description", ""),
                f.languages(), f.text("onnx"), f.text("tokenizer"), quantization, 1, 1, f.positiveInt("maxTokens", 512),
                f.bool("truncate", true), Pooling.TENSOR, f.optionalText("output"), f.padding(Pooling.TENSOR),
                f.bool("lowercase", false), false, f.bool("batchInvariant", !quantization.startsWith("int8")),
                f.template("query"), f.template("document"), null, null, null);
    }

    /** Typed access to the fields of one card, with errors that name the field. */
    record Fields(String source, JsonNode root, String prefix) {

        Fields(String source, JsonNode root) {
            this(source, root, "");
        }

        /** The fields of the object {@code name} (errors name {@code name.field}). */
        Fields object(String name) {
            JsonNode node = root.get(name);
            if (node == null || !node.isObject()) {
                throw new ModelCardException(source, prefix + name, "is required and must be an object");
            }
            return new Fields(source, node, prefix + name + ".");
        }

        /** Refuses a field of this object that is not one of {@code known}. */
        void onlyFields(String... known) {
            List<String> names = List.of(known);
            for (Iterator<String> it = root.fieldNames(); it.hasNext(); ) {
                String name = it.next();
                if (!names.contains(name)) {
                    throw new ModelCardException(source, prefix + name, "is unknown (known: " + String.join(", ", names) + ")");
                }
            }
        }

        /** An optional positive integer: null when absent. */
        Integer optionalPositiveInt(String name) {
            return root.has(name) && !root.get(name).isNull() ? positiveInt(name, null) : null;
        }

        String text(String name) {
            String value = optionalText(name);
            if (value == null || value.isBlank()) {
                throw new ModelCardException(source, prefix + name, "is required and must be a non-empty string");
            }
            return value;
        }

        String optionalText(String name) {
            JsonNode node = root.get(name);
            if (node == null || node.isNull()) {
                return null;
            }
            if (!node.isTextual()) {
                throw new ModelCardException(source, prefix + name, "must be a string, found " + node);
            }
            return node.asText();
        }

        String optionalTextOr(String name, String fallback) {
            String value = optionalText(name);
            return value == null ? fallback : value;
        }

        int positiveInt(String name, Integer fallback) {
            JsonNode node = root.get(name);
            if (node == null || node.isNull()) {
                if (fallback == null) {
                    throw new ModelCardException(source, prefix + name, "is required (a positive integer)");
                }
                return fallback;
            }
            if (!node.isInt() || node.asInt() < 1) {
                throw new ModelCardException(source, prefix + name, "must be a positive integer, found " + node);
            }
            return node.asInt();
        }

        boolean bool(String name, boolean fallback) {
            JsonNode node = root.get(name);
            if (node == null || node.isNull()) {
                return fallback;
            }
            if (!node.isBoolean()) {
                throw new ModelCardException(source, prefix + name, "must be true or false, found " + node);
            }
            return node.asBoolean();
        }

        ModelCard.Kind kind() {
            String value = optionalTextOr("kind", ModelCard.Kind.BI_ENCODER.cardName());
            for (ModelCard.Kind k : ModelCard.Kind.values()) {
                if (k.cardName().equals(value)) {
                    return k;
                }
            }
            throw new ModelCardException(source, "kind", "must be \"bi-encoder\", \"cross-encoder\", \"static\" or \"remote\", found \"" + value + "\"");
        }

        Pooling pooling() {
            String value = text("pooling");
            try {
                return Pooling.parse(value);
            } catch (IllegalArgumentException e) {
                throw new ModelCardException(source, "pooling", e.getMessage());
            }
        }

        ModelCard.PaddingSide padding(Pooling pooling) {
            String value = optionalText("padding");
            if (value == null) {
                return pooling == Pooling.LAST_TOKEN ? ModelCard.PaddingSide.LEFT : ModelCard.PaddingSide.RIGHT;
            }
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "left" -> ModelCard.PaddingSide.LEFT;
                case "right" -> ModelCard.PaddingSide.RIGHT;
                default -> throw new ModelCardException(source, "padding", "must be \"left\" or \"right\", found \"" + value + "\"");
            };
        }

        List<String> languages() {
            JsonNode node = root.get("languages");
            if (node == null || !node.isArray() || node.isEmpty()) {
                throw new ModelCardException(source, "languages", "is required: a non-empty array of ISO 639-1 codes or \"multilingual\"");
            }
            List<String> out = new ArrayList<>();
            for (JsonNode lang : node) {
                if (!lang.isTextual() || lang.asText().isBlank()) {
                    throw new ModelCardException(source, "languages", "must hold strings, found " + lang);
                }
                out.add(lang.asText());
            }
            return out;
        }

        /** {@code "query": {"prefix": "query: "}} or {@code {"template": "Instruct: ...\nQuery: {text}"}}. */
        String template(String role) {
            JsonNode node = root.get(role);
            if (node == null || node.isNull()) {
                return ModelCard.TEXT;
            }
            if (!node.isObject()) {
                throw new ModelCardException(source, role, "must be an object with \"prefix\" or \"template\"");
            }
            JsonNode prefix = node.get("prefix");
            JsonNode template = node.get("template");
            if ((prefix == null) == (template == null) || node.size() != 1) {
                throw new ModelCardException(source, role, "must hold exactly one of \"prefix\" or \"template\"");
            }
            if (prefix != null) {
                if (!prefix.isTextual()) {
                    throw new ModelCardException(source, role + ".prefix", "must be a string");
                }
                return prefix.asText() + ModelCard.TEXT;
            }
            String value = template.isTextual() ? template.asText() : "";
            int first = value.indexOf(ModelCard.TEXT);
            if (first < 0 || first != value.lastIndexOf(ModelCard.TEXT)) {
                throw new ModelCardException(source, role + ".template", "must contain " + ModelCard.TEXT + " exactly once, found \"" + value + "\"");
            }
            return value;
        }
    }
}
