package io.clirbench.openai.construct;

import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.LlmMessage;
import io.clirbench.core.llm.LlmPort;
import io.clirbench.core.llm.LlmReply;
import io.clirbench.core.llm.LlmUnavailableException;
import io.clirbench.core.llm.ModelsConfig;
import io.clirbench.openai.ChatCompletion;
import io.clirbench.openai.ChatCompletionsClient;
import io.clirbench.openai.ChatCompletionsException;
import io.clirbench.openai.ChatEndpoint;
import io.clirbench.openai.ChatMessage;
import io.clirbench.openai.ChatPolicy;
import io.clirbench.openai.ChatRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * bench-core's {@link LlmPort} over an OpenAI-compatible endpoint through the one {@link ChatCompletionsClient}: its
 * {@link ChatPolicy} bounds the requests in flight and retries 429, 5xx and lost connections (Retry-After honoured).
 * A refusal or the last failed try becomes an {@link LlmUnavailableException}; a 200 without
 * {@code choices[0].message.content} too (the server, not the model, is wrong). The reply carries the response's
 * {@code model} (the model the endpoint says answered) for provenance.
 */
public final class OpenAiLlmPort implements LlmPort {

    /** Builds' policy: 120 s per try (long passages), 6 tries, quoting 200 characters of an error body. */
    public static final ChatPolicy POLICY = ChatPolicy.DEFAULTS.withTimeout(Duration.ofSeconds(120)).withAttempts(6).quotingBodies(200);

    private final ChatCompletionsClient client;

    public OpenAiLlmPort(ChatEndpoint endpoint, ChatPolicy policy) {
        this.client = new ChatCompletionsClient(endpoint, policy);
    }

    /** The port of a models.json role; the bearer token from the environment variable the role names. */
    public static OpenAiLlmPort of(ModelsConfig.Endpoint e, Map<String, String> env, ChatPolicy policy) {
        return new OpenAiLlmPort(ChatEndpoint.named(e.baseUrl(), e.model(), env.get(e.apiKeyEnv())), policy);
    }

    @Override
    public String model() {
        return client.endpoint().model();
    }

    @Override
    public LlmReply complete(List<LlmMessage> messages, Decoding decoding) throws InterruptedException {
        ChatRequest request = ChatRequest.of(messages.stream().map(m -> new ChatMessage(m.role(), m.content())).toList())
                .withTemperature(decoding.temperature()).withMaxTokens(decoding.maxTokens());
        try {
            ChatCompletion c = client.complete(request);
            return new LlmReply(c.content(), c.promptTokens(), c.completionTokens(), c.finishReason(), c.reportedModel());
        } catch (ChatCompletionsException e) {
            throw new LlmUnavailableException(e.getMessage(), e);
        }
    }
}
