package io.clirbench.gateway.qa.reader;

import io.clirbench.openai.ChatCompletion;
import io.clirbench.openai.ChatCompletionsClient;
import io.clirbench.openai.ChatCompletionsException;
import io.clirbench.openai.ChatMessage;
import io.clirbench.openai.ChatRequest;
import java.util.List;

/**
 * The reader of one QA run: the configured reader's {@link ChatCompletionsClient} (its {@link ReaderSettings#policy()}:
 * at most {@code max-concurrency} in flight, retries, timeouts), asked at temperature 0 for at most
 * {@code max-tokens}. Thread-safe.
 */
public final class QaReader {

    private final ReaderSettings settings;
    private final ChatCompletionsClient client;

    public QaReader(ReaderSettings settings) {
        this.settings = settings;
        this.client = new ChatCompletionsClient(settings.endpoint(), settings.policy());
    }

    public ReaderSettings settings() {
        return settings;
    }

    /**
     * The reader's answer to one prompt; a {@link ChatCompletionsException} after the last try names the reader and
     * the status, never what it answered nor its URL (it becomes the run's message).
     */
    public ReaderAnswer answer(List<ChatMessage> messages) throws InterruptedException {
        ChatCompletion c = client.complete(ChatRequest.of(messages).withTemperature(0).withMaxTokens(settings.maxTokens()));
        return new ReaderAnswer(c.content(), c.promptTokens(), c.completionTokens(), c.attempts(), c.latencyMicros());
    }
}
