package io.clirbench.core.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The response cache's key: the SHA-256 of the model name, its revision when one is configured, the exact messages
 * and the decoding, written as one compact JSON object in a fixed field order. Two calls share a key exactly when an
 * endpoint would be asked the same thing; the prompt template's hash is covered because the rendered messages are.
 * Without a revision the key is what it was before revisions existed, so earlier journals stay valid.
 */
public final class CallKey {

    private static final ObjectMapper JSON = new ObjectMapper();

    private CallKey() {
    }

    public static String of(String model, String revision, List<LlmMessage> messages, Decoding decoding) {
        ObjectNode o = JSON.createObjectNode().put("model", model);
        if (!revision.isEmpty()) {
            o.put("revision", revision);
        }
        ArrayNode m = o.putArray("messages");
        messages.forEach(x -> m.addObject().put("role", x.role()).put("content", x.content()));
        o.put("temperature", decoding.temperature()).put("max_tokens", decoding.maxTokens());
        try {
            return PromptTemplate.sha256(JSON.writeValueAsString(o).getBytes(StandardCharsets.UTF_8));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
