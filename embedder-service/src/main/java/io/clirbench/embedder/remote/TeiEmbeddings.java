package io.clirbench.embedder.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Hugging Face text-embeddings-inference's own route: {@code POST /embed} with {@code {"inputs": [texts], "truncate",
 * "normalize"}} (the card's {@code truncate} and {@code normalize}); the answer is an array with one array of floats
 * per input, in input order. TEI serves one model, named by its {@code /info}, not in this answer.
 * Reference: https://huggingface.github.io/text-embeddings-inference/ (OpenAPI of the router, operation "embed":
 * EmbedRequest inputs, truncate, normalize; EmbedResponse an array of float arrays; 413 batch size, 422 tokenization).
 */
final class TeiEmbeddings implements EmbeddingProtocol {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final boolean truncate;
    private final boolean normalize;

    TeiEmbeddings(boolean truncate, boolean normalize) {
        this.truncate = truncate;
        this.normalize = normalize;
    }

    @Override
    public String path() {
        return "/embed";
    }

    @Override
    public byte[] request(List<String> texts) {
        ObjectNode body = JSON.createObjectNode();
        texts.forEach(body.putArray("inputs")::add);
        body.put("truncate", truncate).put("normalize", normalize);
        try {
            return JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public Answer answer(byte[] body, int texts) {
        JsonNode root = Answers.json(body);
        if (!root.isArray() || root.size() != texts) {
            throw new IllegalArgumentException("the answer must be an array of " + texts + " embeddings, found "
                    + (root.isArray() ? root.size() + " items" : root.getNodeType().toString().toLowerCase(java.util.Locale.ROOT)));
        }
        float[][] vectors = new float[texts][];
        for (int i = 0; i < texts; i++) {
            vectors[i] = Answers.floats(root.get(i), "[" + i + "]");
        }
        return new Answer(vectors, null);
    }
}
