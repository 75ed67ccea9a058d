package io.clirbench.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 45: a 200 whose body is not strict text is a broken reply, refused and not retried, never an answer. A real
 * HTTP server (the JDK's) sends the bytes as given. Before, the body was decoded leniently: {@code C0 AF} (an overlong
 * '/') and {@code FF} became U+FFFD U+FFFD, and {@code bench build xbcp} accepted "\uFFFD\uFFFD" as a document's
 * translation; a {@code "\ud800"} escape reached {@code bench build qa-translate}'s output as '?'.
 */
class ChatReplyTextTest {

    private static final String HEAD = "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"";
    private static final String TAIL = "\"}}],\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1}}";

    private HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();

    private URI start(byte[] body) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            requests.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/v1");
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private static ChatCompletionsClient client(URI base) {
        ChatPolicy policy = new ChatPolicy(1, 3, Duration.ofSeconds(30), Duration.ofMillis(10), 0);
        return new ChatCompletionsClient(new ChatEndpoint("translator 'mt'", base, "m", Optional.empty()), policy);
    }

    private static byte[] reply(byte[] content) {
        byte[] head = HEAD.getBytes(StandardCharsets.UTF_8);
        byte[] tail = TAIL.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[head.length + content.length + tail.length];
        System.arraycopy(head, 0, out, 0, head.length);
        System.arraycopy(content, 0, out, head.length, content.length);
        System.arraycopy(tail, 0, out, head.length + content.length, tail.length);
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        // the content starts at byte 54 of the body (HEAD's length)
        "overlong '/'|C0AF|a body that is not UTF-8 (invalid UTF-8: byte 0xC0 at byte offset 54)",
        "Latin-1 byte|61FF62|a body that is not UTF-8 (invalid UTF-8: byte 0xFF at byte offset 55)",
        "encoded surrogate|EDA080|a body that is not UTF-8 (invalid UTF-8: byte 0xED at byte offset 54)",
        "lone surrogate escape|5C7564383030|a body that is not text: 'choices[0].message.content' has an unpaired surrogate U+D800"
                + " at character 0 (a \\u escape of half a pair, not text)"})
    void aReplyThatIsNotTextIsRefusedNotRetried(String what, String hex, String problem) throws Exception {
        URI base = start(reply(java.util.HexFormat.of().parseHex(hex)));
        ChatCompletionsException e = catchThrowableOfType(ChatCompletionsException.class,
                () -> client(base).complete(ChatRequest.of(List.of(new ChatMessage("user", "Hi")))));
        assertThat(e).as(what).hasMessage("translator 'mt' answered 200 with " + problem);
        assertThat(e.status()).isEqualTo(200);
        assertThat(requests.get()).as("not retried").isEqualTo(1);
    }

    @Test
    void aReplyOfStrictTextIsAnAnswer() throws Exception {
        // U+1F600 as a surrogate pair escape, and "é" as two UTF-8 bytes: both text
        URI base = start(reply("\\ud83d\\ude00 caf\u00e9".getBytes(StandardCharsets.UTF_8)));
        ChatCompletion c = client(base).complete(ChatRequest.of(List.of(new ChatMessage("user", "Hi"))));
        assertThat(c.content()).isEqualTo("\uD83D\uDE00 caf\u00e9");
    }
}
