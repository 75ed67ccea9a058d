package io.clirbench.openai;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * A chat-completion server's 200 reply, as {@link ChatCompletionsClient#complete} turns it into text: the body decoded
 * strictly and parsed ({@link ChatCompletionsClient#parse}: a JSON object or a {@link ChatCompletionsException} quoting it as the
 * policy allows), then {@link ChatCompletion#content()} and the token counts, as the build's LLM port and the
 * translation provider read them. Documented: {@link ChatCompletionsException} only. No server is started; the client
 * is never asked to send.
 */
class ChatReplyFuzzTest {

    // the client logs every refused reply at WARNING: off here (a strong reference keeps the level set)
    private static final java.util.logging.Logger QUIET = java.util.logging.Logger.getLogger(ChatCompletionsClient.class.getName());
    private static final ChatCompletionsClient CLIENT;

    static {
        QUIET.setLevel(java.util.logging.Level.OFF);
        CLIENT = new ChatCompletionsClient(ChatEndpoint.named("http://127.0.0.1:9/v1", "fuzz", null),
                ChatPolicy.DEFAULTS.quotingBodies(200));
    }

    @FuzzTest
    @DictionaryEntries({"\"choices\"", "\"message\"", "\"content\"", "\"role\"", "\"assistant\"", "\"usage\"",
            "\"prompt_tokens\"", "\"completion_tokens\"", "\"total_tokens\"", "\"finish_reason\"", "\"index\""})
    void reply(byte[] data) {
        try {
            ChatCompletion c = new ChatCompletion("fuzz", CLIENT.parse(data), 1, 0); // the body's bytes, as complete() gets them
            c.promptTokens();
            c.completionTokens();
            c.totalTokens();
            c.content();
        } catch (ChatCompletionsException e) {
            // documented
        }
    }
}
