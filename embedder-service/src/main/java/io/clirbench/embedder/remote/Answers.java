package io.clirbench.embedder.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;

/** Reading the JSON of an endpoint's answer, with errors that say where it is wrong. */
final class Answers {

    private static final ObjectMapper JSON = new ObjectMapper();

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
}
