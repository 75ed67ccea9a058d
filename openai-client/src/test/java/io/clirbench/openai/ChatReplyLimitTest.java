package io.clirbench.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 45: a reply is read up to {@link ChatPolicy#maxReplyBytes()}, never buffered whole. A real HTTP server
 * (the JDK's) streams 256 MiB of a JSON string; the client refuses it after its 1 MiB limit, hangs up, and does not
 * ask again. How far the server got before the client hung up is what bounds the memory: with the reply buffered
 * whole (the old ofString handler) it writes all 256 MiB.
 */
class ChatReplyLimitTest {

    private static final long HUGE = 256L << 20;
    private static final long LIMIT = 1L << 20;

    private HttpServer server;
    private final AtomicLong written = new AtomicLong();
    private final AtomicInteger requests = new AtomicInteger();

    private URI start(boolean declareLength) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/v1/chat/completions", exchange -> {
            requests.incrementAndGet();
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, declareLength ? HUGE : 0); // 0: chunked, no length said
            byte[] block = new byte[1 << 16];
            java.util.Arrays.fill(block, (byte) 'a');
            byte[] head = "{\"choices\":[{\"message\":{\"role\":\"assistant\",\"content\":\"".getBytes();
            byte[] tail = "\"}}]}".getBytes();
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(head);
                long filler = HUGE - head.length - tail.length; // exactly HUGE bytes in all, as Content-Length says
                for (long sent = 0; sent < filler; sent += block.length) {
                    int n = (int) Math.min(block.length, filler - sent);
                    out.write(block, 0, n);
                    written.addAndGet(n);
                }
                out.write(tail);
            } catch (IOException e) {
                // the client hung up: what it wanted
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

    private static ChatCompletionsException ask(URI base) {
        ChatPolicy policy = new ChatPolicy(1, 3, Duration.ofSeconds(60), Duration.ofMillis(10), 0).withMaxReplyBytes(LIMIT);
        ChatCompletionsClient client = new ChatCompletionsClient(new ChatEndpoint("reader 'huge'", base, "m", Optional.empty()),
                policy);
        return catchThrowableOfType(ChatCompletionsException.class,
                () -> client.complete(ChatRequest.of(List.of(new ChatMessage("user", "Hi")))));
    }

    @Test
    void aStreamedReplyPastTheLimitIsRefusedWithoutReadingOn() throws Exception {
        URI base = start(false);
        long before = System.nanoTime();
        ChatCompletionsException e = ask(base);
        double seconds = (System.nanoTime() - before) / 1e9;
        assertThat(e).isNotNull();
        assertThat(e).hasMessage("reader 'huge' answered a reply longer than the 1,048,576-byte reply limit (not read past it)");
        assertThat(requests.get()).as("not retried").isEqualTo(1);
        Thread.sleep(200); // the server's last write fails once the client has closed the connection
        // the limit, plus what the socket buffers on both sides held when the client hung up: far from 256 MiB
        assertThat(written.get()).as("bytes the server got to write").isLessThan(32L << 20);
        assertThat(seconds).as("seconds to fail").isLessThan(10);
    }

    @Test
    void aReplyWhoseLengthSaysMoreIsRefusedBeforeItsBodyIsRead() throws Exception {
        URI base = start(true);
        ChatCompletionsException e = ask(base);
        assertThat(e).isNotNull();
        assertThat(e).hasMessage("reader 'huge' answered a reply of 268,435,456 bytes (Content-Length), more than the "
                + "1,048,576-byte reply limit");
        assertThat(requests.get()).isEqualTo(1);
        Thread.sleep(200);
        assertThat(written.get()).isLessThan(32L << 20);
    }
}
