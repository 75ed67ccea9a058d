package io.clirbench.encoders.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * Hugging Face text-embeddings-inference's own route: {@code POST /embed} with {@code {"inputs": [texts], "truncate",
 * "normalize"}} (the card's {@code truncate} and {@code normalize}); the answer is an array with one array of floats
 * per input, in input order. TEI serves one model, named by its {@code /info}, not in this answer.
 * Reference: https://huggingface.github.io/text-embeddings-inference/ (OpenAPI of the router, operation "embed":
 * EmbedRequest inputs, truncate, normalize; EmbedResponse an array of float arrays; 413 batch size, 422 tokenization).
 */
final class TeiEmbeddings implements EmbeddingProtocol {

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
        ObjectNode body = Answers.JSON.createObjectNode();
        texts.forEach(body.putArray("inputs")::add);
        body.put("truncate", truncate).put("normalize", normalize);
        return Answers.bytes(body);
    }

    @Override
    public Answer answer(byte[] body, int texts) {
        JsonNode root = Answers.embeddings(Answers.json(body), texts, "the answer");
        float[][] vectors = new float[texts][];
        for (int i = 0; i < texts; i++) {
            vectors[i] = Answers.floats(root.get(i), "[" + i + "]");
        }
        return new Answer(vectors, null);
    }
}
