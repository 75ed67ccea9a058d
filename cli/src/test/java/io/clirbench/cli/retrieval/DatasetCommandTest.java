package io.clirbench.cli.retrieval;

import io.clirbench.cli.BenchRun;
import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * {@code bench dataset list|delete} and {@code bench collection delete} against a stand-in gateway that records each
 * request (method, path, token) and answers as the gateway's API does; a problem answer exits 1 with its detail.
 */
class DatasetCommandTest {

    @Test
    void listDeleteAndCollectionDeleteSendTheRightRequestsWithTheToken() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/", exchange -> {
            String request = exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " "
                    + exchange.getRequestHeaders().getFirst("Authorization");
            seen.add(request);
            String body;
            int status = 200;
            switch (exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath()) {
                case "GET /api/datasets" -> body = "[{\"id\":\"xq\",\"version\":\"1.0\",\"documents\":2880,\"queries\":1200,"
                        + "\"contentHash\":\"sha256:abc\",\"location\":\"/data/xq\"}]";
                case "DELETE /api/datasets/xq" -> body = "{\"id\":\"xq\",\"version\":\"1.0\",\"filesDeleted\":false,"
                        + "\"note\":\"registration removed; the files at '/data/xq' were registered by path and are left in place\"}";
                case "DELETE /api/collections/xq__bm25" -> body = "{\"name\":\"xq__bm25\",\"count\":0,\"textCount\":2880}";
                default -> {
                    status = 404;
                    body = "{\"title\":\"Not Found\",\"status\":404,\"detail\":\"no dataset 'nope'\"}";
                    exchange.getResponseHeaders().add("Content-Type", "application/problem+json");
                }
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort();
            BenchRun list = BenchRun.of("dataset", "list", "--gateway", url, "--token", "tk");
            assertThat(list.code()).as(list.err()).isZero();
            assertThat(list.out()).isEqualTo("xq\t1.0\t2,880 documents\t1,200 queries\tsha256:abc\t/data/xq\n");

            BenchRun delete = BenchRun.of("dataset", "delete", "xq", "--gateway", url, "--token", "tk");
            assertThat(delete.code()).as(delete.err()).isZero();
            assertThat(delete.out()).contains("deleted dataset xq 1.0").contains("left in place");

            BenchRun collection = BenchRun.of("collection", "delete", "xq__bm25", "--gateway", url, "--token", "tk");
            assertThat(collection.code()).as(collection.err()).isZero();
            assertThat(collection.out()).contains("deleted collection xq__bm25 (0 vectors, 2880 texts)");

            BenchRun unknown = BenchRun.of("dataset", "delete", "nope", "--gateway", url, "--token", "tk");
            assertThat(unknown.code()).isEqualTo(1);
            assertThat(unknown.err()).contains("no dataset 'nope'");

            assertThat(seen).containsExactly("GET /api/datasets Bearer tk", "DELETE /api/datasets/xq Bearer tk",
                    "DELETE /api/collections/xq__bm25 Bearer tk", "DELETE /api/datasets/nope Bearer tk");
        } finally {
            server.stop(0);
        }
    }
}
