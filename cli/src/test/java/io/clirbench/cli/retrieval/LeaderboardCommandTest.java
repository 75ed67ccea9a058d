package io.clirbench.cli.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.clirbench.cli.BenchRun;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench leaderboard} against a stand-in gateway that records each request and answers with a fixed text: the
 * command asks {@code GET /api/leaderboard/ID?format=F&measure=M...} with the token and prints or writes the answer
 * as it came (the ranking itself is bench-core's, tested there, and the gateway's, tested in LeaderboardResourceTest).
 */
class LeaderboardCommandTest {

    private static final String CSV = "rank,run,retriever\r\n1.0,r1,bm25\r\n";

    @Test
    void theLeaderboardIsAskedForInTheChosenFormatAndPrintedOrWritten(@TempDir Path dir) throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/", exchange -> {
            seen.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getRawPath() + "?"
                    + exchange.getRequestURI().getRawQuery() + " " + exchange.getRequestHeaders().getFirst("Authorization"));
            byte[] bytes = CSV.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        try {
            String url = "http://127.0.0.1:" + server.getAddress().getPort();
            BenchRun printed = BenchRun.of("leaderboard", "--dataset", "xq clir", "--format", "csv", "--measure", "R@100",
                    "--measure", "nDCG@10", "--gateway", url, "--token", "tk");
            assertThat(printed.code()).as(printed.err()).isZero();
            assertThat(printed.out()).isEqualTo(CSV);

            Path file = dir.resolve("board.csv");
            BenchRun written = BenchRun.of("leaderboard", "--dataset", "xq", "--out", file.toString(), "--gateway", url,
                    "--token", "tk");
            assertThat(written.code()).as(written.err()).isZero();
            assertThat(Files.readString(file)).isEqualTo(CSV);

            BenchRun wrong = BenchRun.of("leaderboard", "--dataset", "xq", "--format", "xls", "--gateway", url);
            assertThat(wrong.code()).isEqualTo(1);
            assertThat(wrong.err()).contains("unknown leaderboard format 'xls': one of [table, csv, md, latex]");

            // the wrong format was refused before any request; the default format is the table
            assertThat(seen).containsExactly(
                    "GET /api/leaderboard/xq%20clir?format=csv&measure=R%40100&measure=nDCG%4010 Bearer tk",
                    "GET /api/leaderboard/xq?format=table Bearer tk");
        } finally {
            server.stop(0);
        }
    }
}
