package io.clirbench.cli.gateway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The CLI's errors say what failed: no "(null)" for a refused connection, the problem's detail for an HTTP error,
 * how to get a token for a 401; and the token goes with every request.
 */
class GatewayClientErrorsTest {

    @Test
    void aRefusedConnectionSaysSo() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort(); // free once closed: nothing listens there
        }
        GatewayClient client = new GatewayClient("http://127.0.0.1:" + port, null);
        assertThatThrownBy(client::encoders).isInstanceOf(GatewayException.class)
                .hasMessageContaining("cannot reach the gateway at http://127.0.0.1:" + port
                        + ": connection refused (nothing listens on 127.0.0.1:" + port + ")")
                .hasMessageNotContaining("null");
    }

    @Test
    void aProblemAnswerGivesItsDetailAndStatus() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/runs/nope", exchange -> {
            byte[] body = "{\"title\":\"Not Found\",\"status\":404,\"detail\":\"unknown run 'nope'\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/problem+json");
            exchange.sendResponseHeaders(404, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            GatewayClient client = new GatewayClient("http://127.0.0.1:" + server.getAddress().getPort(), "t");
            assertThatThrownBy(() -> client.run("nope")).isInstanceOf(GatewayException.class)
                    .hasMessageContaining("404").hasMessageContaining("unknown run 'nope'")
                    .matches(e -> ((GatewayException) e).status() == 404);
        } finally {
            server.stop(0);
        }
    }

    @Test
    void theTokenGoesWithEveryRequestAndA401SaysHowToGetOne() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/", exchange -> {
            boolean known = "Bearer right-token".equals(exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] body = (known ? "[]" : "{\"title\":\"Unauthorized\",\"status\":401}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(known ? 200 : 401, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort();
            assertThat(new GatewayClient(url, "right-token").encoders()).isEmpty();
            for (String token : new String[] {null, "wrong-token"}) {
                assertThatThrownBy(() -> new GatewayClient(url, token).encoders()).isInstanceOf(GatewayException.class)
                        .hasMessageContaining("401 no token / wrong token: set CLIRBENCH_TOKEN or run bench up")
                        .matches(e -> ((GatewayException) e).status() == 401);
            }
        } finally {
            server.stop(0);
        }
    }
}
