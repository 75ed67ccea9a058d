package io.clirbench.encoders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.align.AdapterMatrix;
import java.io.IOException;
import java.io.InputStream;
import java.util.Collections;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

/**
 * The language adapters of a card ({@code "adapters": {"de": "adapter-de.f32", ...}, "adapterPivot": "en"}):
 * one orthogonal map per language into the pivot's embedding space (bench-core {@code align}), applied to
 * a final vector of a text in that language. Paths are relative to the card. A language without an
 * adapter (the pivot itself, or one without a lexicon) is left unchanged. Orthogonal maps keep lengths, so
 * normalised vectors stay normalised.
 *
 * @param pivot    the language the adapters map into; {@code null} without adapters
 * @param byLang   language → map
 */
public record LanguageAdapters(String pivot, Map<String, AdapterMatrix> byLang) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** A card without adapters. */
    public static final LanguageAdapters NONE = new LanguageAdapters(null, Map.of());

    public LanguageAdapters {
        byLang = Collections.unmodifiableMap(new TreeMap<>(byLang));
    }

    /** Whether the card has any adapter. */
    public boolean isEmpty() {
        return byLang.isEmpty();
    }

    /** {@code vector} mapped by the adapter of {@code lang} (itself when there is none). */
    public float[] apply(float[] vector, String lang) {
        AdapterMatrix a = byLang.get(lang);
        return a == null ? vector : a.apply(vector);
    }

    /** language → digest of its matrix. */
    public Map<String, String> digests() {
        Map<String, String> out = new TreeMap<>();
        byLang.forEach((l, a) -> out.put(l, a.digest()));
        return out;
    }

    /** Reads the adapters named by the card at {@code location}; each must be {@code dimension × dimension}. */
    public static LanguageAdapters read(String location, int dimension) {
        JsonNode root;
        try (InputStream in = ModelFiles.open(location, null)) {
            root = JSON.readTree(in);
        } catch (IOException e) {
            throw new ModelCardException(location + ": cannot read model card (" + e.getMessage() + ")", e);
        }
        JsonNode adapters = root.get("adapters");
        if (adapters == null || adapters.isNull()) {
            return NONE;
        }
        if (!adapters.isObject()) {
            throw new ModelCardException(location, "adapters", "must be an object {\"lang\": \"file\"}");
        }
        JsonNode pivot = root.get("adapterPivot");
        if (pivot == null || !pivot.isTextual() || pivot.asText().isBlank()) {
            throw new ModelCardException(location, "adapterPivot", "is required with adapters (the language they map into)");
        }
        Map<String, AdapterMatrix> byLang = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = adapters.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isTextual()) {
                throw new ModelCardException(location, "adapters." + e.getKey(), "must be a file name");
            }
            try {
                AdapterMatrix m = AdapterMatrix.read(ModelFiles.resolve(e.getValue().asText(), location));
                if (m.dimension() != dimension) {
                    throw new ModelCardException(location, "adapters." + e.getKey(), "is " + m.dimension() + " × "
                            + m.dimension() + ", the model's vectors have dimension " + dimension);
                }
                byLang.put(e.getKey(), m);
            } catch (IOException ex) {
                throw new ModelCardException(location, "adapters." + e.getKey(), "cannot be read: " + ex.getMessage());
            }
        }
        return new LanguageAdapters(pivot.asText(), byLang);
    }
}
