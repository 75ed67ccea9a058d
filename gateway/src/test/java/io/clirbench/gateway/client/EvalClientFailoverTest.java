package io.clirbench.gateway.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.clirbench.gateway.config.GatewayConfig;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code gateway.eval.url} as a list of eval-service replicas: a replica that cannot be reached (a closed port,
 * as after a SIGKILL) is skipped for the next one, which is then asked first; none reachable is the IOException.
 */
class EvalClientFailoverTest {

    @Test
    void anUnreachableReplicaIsSkippedAndTheNextAnswers() throws Exception {
        int closed = closedPort();
        HttpServer replica = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        replica.createContext("/api/runs/", exchange -> {
            byte[] body = ("{\"state\":\"COMPLETED\",\"auth\":\"" + exchange.getRequestHeaders().getFirst("Authorization") + "\"}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        replica.start();
        try {
            String live = "http://127.0.0.1:" + replica.getAddress().getPort();
            EvalClient client = new EvalClient(config("http://127.0.0.1:" + closed + "/, " + live), new ObjectMapper(),
                    Optional.of("svc"));
            assertThat(client.base()).isEqualTo("http://127.0.0.1:" + closed);
            assertThat(client.status("run-1")).contains(new EvalClient.EvalStatus("COMPLETED", null));
            assertThat(client.base()).as("the replica that answered is asked first from now on").isEqualTo(live);
            assertThat(new String(client.get("/api/runs/run-1").body(), StandardCharsets.UTF_8)).contains("Bearer svc");
        } finally {
            replica.stop(0);
        }
        EvalClient none = new EvalClient(config("http://127.0.0.1:" + closed + ",http://127.0.0.1:" + closedPort()),
                new ObjectMapper(), Optional.empty());
        assertThatThrownBy(() -> none.status("run-1")).isInstanceOf(IOException.class);
    }

    @Test
    void anEmptyListIsRefused() {
        assertThatThrownBy(() -> new EvalClient(config(" , "), new ObjectMapper(), Optional.empty()))
                .hasMessageContaining("gateway.eval.url is empty");
    }

    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    /** A GatewayConfig answering eval().url() only (all EvalClient reads). */
    private static GatewayConfig config(String url) {
        GatewayConfig.Eval eval = (GatewayConfig.Eval) Proxy.newProxyInstance(EvalClientFailoverTest.class.getClassLoader(),
                new Class<?>[] {GatewayConfig.Eval.class}, (proxy, method, args) -> {
                    if (method.getName().equals("url")) {
                        return url;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
        return (GatewayConfig) Proxy.newProxyInstance(EvalClientFailoverTest.class.getClassLoader(),
                new Class<?>[] {GatewayConfig.class}, (proxy, method, args) -> {
                    if (method.getName().equals("eval")) {
                        return eval;
                    }
                    throw new UnsupportedOperationException(method.getName());
                });
    }
}
