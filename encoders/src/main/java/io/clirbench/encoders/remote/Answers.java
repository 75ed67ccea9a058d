package io.clirbench.encoders.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;

/** The JSON of an endpoint's request and answer, with errors that say where an answer is wrong (both protocols). */
final class Answers {

    static final ObjectMapper JSON = new ObjectMapper();

    private Answers() {
    }

    static JsonNode json(byte[] body) {
        try {
            JsonNode root = JSON.readTree(body);
            if (root == null) {
                throw new IllegalArgumentException("the answer is empty");
            }
            return root;
        } catch (IOException e) {
            throw new IllegalArgumentException("the answer is not JSON (" + e.getMessage().lines().findFirst().orElse("") + ")", e);
        }
    }

    static float[] floats(JsonNode node, String where) {
        if (!node.isArray() || node.isEmpty()) {
            throw new IllegalArgumentException(where + " must be a non-empty array of numbers");
        }
        float[] out = new float[node.size()];
        for (int i = 0; i < out.length; i++) {
            JsonNode x = node.get(i);
            if (!x.isNumber()) {
                throw new IllegalArgumentException(where + "[" + i + "] must be a number, found " + x);
            }
            out[i] = x.floatValue();
        }
        return out;
    }

    /** A request body as bytes. */
    static byte[] bytes(ObjectNode body) {
        try {
            return JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code node} when it is an array of one embedding per text; else an error naming {@code what} and what was found. */
    static JsonNode embeddings(JsonNode node, int texts, String what) {
        if (!node.isArray() || node.size() != texts) {
            throw new IllegalArgumentException(what + " must be an array of " + texts + " embeddings, found "
                    + (node.isArray() ? node.size() + " items" : node.getNodeType().toString().toLowerCase(Locale.ROOT)));
        }
        return node;
    }
}
