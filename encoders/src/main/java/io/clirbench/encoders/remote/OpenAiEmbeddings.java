package io.clirbench.encoders.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The OpenAI embeddings API, as OpenAI, vLLM, Infinity, NVIDIA NIM and TEI's compatible route serve it:
 * {@code POST /v1/embeddings} with {@code {"model", "input": [texts], "encoding_format": "float"}} and
 * {@code "dimensions"} only where the card gives one (OpenAI accepts it for text-embedding-3 and later models only);
 * the answer's {@code data[]} holds {@code {"index", "embedding"}} per input, its {@code model} the model that ran.
 * Reference: https://platform.openai.com/docs/api-reference/embeddings/create (request body: input, model,
 * dimensions, encoding_format; the embedding object: index, embedding).
 */
final class OpenAiEmbeddings implements EmbeddingProtocol {

    private final String model;
    private final Integer dimensions;

    OpenAiEmbeddings(String model, Integer dimensions) {
        this.model = model;
        this.dimensions = dimensions;
    }

    @Override
    public String path() {
        return "/v1/embeddings";
    }

    @Override
    public byte[] request(List<String> texts) {
        ObjectNode body = Answers.JSON.createObjectNode().put("model", model);
        texts.forEach(body.putArray("input")::add);
        body.put("encoding_format", "float");
        if (dimensions != null) {
            body.put("dimensions", dimensions);
        }
        return Answers.bytes(body);
    }

    @Override
    public Answer answer(byte[] body, int texts) {
        JsonNode root = Answers.json(body);
        JsonNode data = Answers.embeddings(root.path("data"), texts, "\"data\"");
        float[][] vectors = new float[texts][];
        for (JsonNode item : data) {
            JsonNode index = item.path("index");
            if (!index.isInt() || index.asInt() < 0 || index.asInt() >= texts || vectors[index.asInt()] != null) {
                throw new IllegalArgumentException("data[].index must be a distinct integer from 0 to " + (texts - 1)
                        + ", found " + index);
            }
            vectors[index.asInt()] = Answers.floats(item.path("embedding"), "data[" + index.asInt() + "].embedding");
        }
        JsonNode reported = root.path("model");
        return new Answer(vectors, reported.isTextual() ? reported.asText() : null);
    }
}
