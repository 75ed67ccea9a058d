package io.clirbench.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.gateway.RawHttp;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, finding 7, with requests written by hand over a socket (no client library sends them): a missing or bad
 * {@code Host} on HTTP/1.1, and a JSON body without {@code Content-Type}. Each is refused as problem+json (RFC 9457:
 * type, title, status, detail), never the HTTP framework's own body. Run as the local stack runs (no proxy in front:
 * {@link Unproxied}); behind a proxy ({@code %kubernetes}, and the other tests' {@code %test}) Quarkus' forwarding parser
 * rewrites {@code Host} before any route sees it (an unparsable port dropped, a second Host header overwritten), and
 * the name left is checked as here.
 */
@QuarkusTest
@TestProfile(RawRequestsTest.Unproxied.class)
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class RawRequestsTest {

    /** No proxy forwarding: the Host header reaches the guard as the client wrote it. */
    public static class Unproxied implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.proxy.proxy-address-forwarding", "false", "quarkus.http.proxy.allow-x-forwarded", "false");
        }
    }

    private static final String RUNNER = "Authorization: Bearer test-runner-token";

    @TestHTTPResource("/")
    URI server;

    @Test
    void aMissingHostOnHttp11IsProblemJson() throws Exception {
        assertProblem(RawHttp.send(server, "GET /api/runs HTTP/1.1\r\n" + RUNNER, null), 400, "Host");
    }

    @Test
    void aMalformedHostIsProblemJson() throws Exception {
        for (String host : new String[] {"bad host", "[::1", "localhost:port", "local\u00e9host", "localhost:99999", "",
                "localhost\r\nHost: evil.example"}) {
            RawHttp.Answer a = RawHttp.send(server, "GET /api/runs HTTP/1.1\r\nHost: " + host + "\r\n" + RUNNER, null);
            assertThat(a.status()).as("Host: " + host).isEqualTo(400);
            assertProblem(a, 400, "Host");
        }
    }

    @Test
    void aForeignHostIsMisdirectedAsProblemJson() throws Exception {
        assertProblem(RawHttp.send(server, "GET /api/runs HTTP/1.1\r\nHost: evil.example\r\n" + RUNNER, null), 421, "evil.example");
    }

    @Test
    void aJsonPostWithoutContentTypeIsUnsupported() throws Exception {
        byte[] body = "{\"dataset\":\"d\",\"retrievers\":[\"bm25\"]}".getBytes(StandardCharsets.UTF_8);
        RawHttp.Answer a = RawHttp.send(server, "POST /api/runs HTTP/1.1\r\nHost: localhost\r\n" + RUNNER
                + "\r\nContent-Length: " + body.length, body);
        assertProblem(a, 415, "Content-Type");
        // the same body with its type reaches the resource (400: no dataset 'd')
        RawHttp.Answer typed = RawHttp.send(server, "POST /api/runs HTTP/1.1\r\nHost: localhost\r\n" + RUNNER
                + "\r\nContent-Type: application/json\r\nContent-Length: " + body.length, body);
        assertThat(typed.status()).as(typed.body()).isEqualTo(400);
        assertThat(typed.body()).contains("\"dataset\"");
    }

    private static void assertProblem(RawHttp.Answer a, int status, String named) {
        assertThat(a.status()).as(a.headers() + " " + a.body()).isEqualTo(status);
        assertThat(a.contentType()).as(a.body()).startsWith("application/problem+json");
        assertThat(a.body()).contains("\"status\":" + status).contains("\"title\"").contains("\"detail\"").contains(named);
    }
}
