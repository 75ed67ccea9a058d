package io.clirbench.openai;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One answer of the server: the response's JSON, how many tries it took and how long from the first request to
 * the answer (backoffs included). {@link #message()} and {@link #content()} throw a
 * {@link ChatCompletionsException} naming the endpoint when the answer lacks them.
 */
public record ChatCompletion(String endpointName, JsonNode response, int attempts, long latencyMicros) {

    /** {@code choices[0].message}. */
    public JsonNode message() {
        JsonNode message = response.path("choices").path(0).path("message");
        if (!message.isObject()) {
            throw new ChatCompletionsException(endpointName + " answered without choices[0].message", 200, null);
        }
        return message;
    }

    /** {@code choices[0].message.content}, stripped. */
    public String content() {
        JsonNode content = message().path("content");
        if (!content.isTextual()) {
            throw new ChatCompletionsException(endpointName + " answered without choices[0].message.content", 200, null);
        }
        return content.asText().strip();
    }

    /** {@code choices[0].finish_reason} ({@code stop}, {@code length}, ...), empty when the server reports none. */
    public String finishReason() {
        JsonNode reason = response.path("choices").path(0).path("finish_reason");
        return reason.isTextual() ? reason.asText() : "";
    }

    /** The response's {@code model}: the model the endpoint says answered; empty when it says none. */
    public String reportedModel() {
        JsonNode model = response.path("model");
        return model.isTextual() ? model.asText() : "";
    }

    /** {@code usage.prompt_tokens}, 0 when the server reports none. */
    public int promptTokens() {
        return response.path("usage").path("prompt_tokens").asInt(0);
    }

    /** {@code usage.completion_tokens}, 0 when the server reports none. */
    public int completionTokens() {
        return response.path("usage").path("completion_tokens").asInt(0);
    }

    /** {@code usage.total_tokens}, 0 when the server reports none. */
    public int totalTokens() {
        return response.path("usage").path("total_tokens").asInt(0);
    }
}
