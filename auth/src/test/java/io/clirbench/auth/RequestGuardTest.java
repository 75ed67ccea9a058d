package io.clirbench.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The Host, Origin and content-type rules, request by request (the expected statuses are the contract's). */
class RequestGuardTest {

    private final RequestGuard guard = new RequestGuard(AllowedHosts.parse(AllowedHosts.LOOPBACK));

    private Optional<Integer> status(String method, String path, String host, String origin, String type) {
        return guard.check(method, path, "http", host, origin, type).map(RequestRefusal::status);
    }

    @Test
    void hostsAreTheLoopbackNamesOnAnyPort() {
        assertThat(status("GET", "/api/runs", "localhost:8080", null, null)).isEmpty();
        assertThat(status("GET", "/api/runs", "127.0.0.1", null, null)).isEmpty();
        assertThat(status("GET", "/api/runs", "[::1]:9", null, null)).isEmpty();
        assertThat(status("GET", "/api/runs", "LocalHost:1", null, null)).isEmpty();
        assertThat(status("GET", "/api/runs", "evil.example:8080", null, null)).contains(421);
        assertThat(status("GET", "/api/runs", "localhost.evil.example", null, null)).contains(421);
        assertThat(status("GET", "/api/runs", "127.0.0.2", null, null)).contains(421);
        assertThat(status("GET", "/api/runs", null, null, null)).contains(400);
        assertThat(status("GET", "/api/runs", "localhost:port", null, null)).contains(400);
        assertThat(status("GET", "/api/runs", "[::1", null, null)).contains(400);
        assertThat(status("GET", "/api/runs", "bad host", null, null)).contains(400);
        assertThat(status("GET", "/api/runs", "[]:80", null, null)).contains(400);
        assertThat(status("GET", "/api/runs", "localhost:99999", null, null)).contains(400);
        assertThat(status("GET", "/api/runs", "localhost:65535", null, null)).isEmpty();
        // probes call health by pod address
        assertThat(status("GET", "/q/health/ready", "10.0.0.7:8080", null, null)).isEmpty();
        assertThat(status("GET", "/q/healthy", "10.0.0.7:8080", null, null)).contains(421);
    }

    @Test
    void aStateChangingBodyWithoutContentTypeIsUnsupported() {
        for (String method : new String[] {"POST", "PUT", "PATCH", "DELETE"}) {
            assertThat(guard.check(method, "/api/runs", "http", "localhost:8080", null, null, true).map(RequestRefusal::status))
                    .as(method).contains(415);
            assertThat(guard.check(method, "/api/runs", "http", "localhost:8080", null, " ", true).map(RequestRefusal::status))
                    .as(method).contains(415);
            // no body (cancel, sign-out): no type needed
            assertThat(guard.check(method, "/api/runs", "http", "localhost:8080", null, null, false)).as(method).isEmpty();
            assertThat(guard.check(method, "/api/runs", "http", "localhost:8080", null, "application/json", true)).as(method).isEmpty();
        }
        assertThat(guard.check("GET", "/api/runs", "http", "localhost:8080", null, null, true)).isEmpty();
        assertThat(guard.check("POST", "/api/runs", "http", "localhost:8080", null, null, true).orElseThrow().detail())
                .contains("Content-Type").contains("application/json");
    }

    @Test
    void stateChangingRequestsRefuseFormTypesAndForeignOrigins() {
        for (String method : new String[] {"POST", "PUT", "PATCH", "DELETE"}) {
            assertThat(status(method, "/api/runs", "localhost:8080", null, "application/x-www-form-urlencoded")).contains(415);
            assertThat(status(method, "/api/runs", "localhost:8080", null, "multipart/form-data; boundary=x")).contains(415);
            assertThat(status(method, "/api/runs", "localhost:8080", null, "Text/Plain;charset=UTF-8")).contains(415);
            assertThat(status(method, "/api/runs", "localhost:8080", "http://evil.example", "application/json")).contains(403);
            assertThat(status(method, "/api/runs", "localhost:8080", "null", "application/json")).contains(403);
            assertThat(status(method, "/api/runs", "localhost:8080", "http://localhost:8081", "application/json")).contains(403);
            assertThat(status(method, "/api/runs", "localhost:8080", "https://localhost:8080", "application/json")).contains(403);
            assertThat(status(method, "/api/runs", "localhost:8080", "http://localhost:8080", "application/json")).isEmpty();
            assertThat(status(method, "/api/runs", "localhost:8080", null, null)).isEmpty();
            assertThat(status(method, "/api/datasets/upload", "localhost", "http://localhost:80", "application/zip")).isEmpty();
        }
        // reads are not state-changing: a form type or a foreign origin on GET changes nothing
        assertThat(status("GET", "/api/runs", "localhost:8080", "http://evil.example", "text/plain")).isEmpty();
    }

    @Test
    void refusalsQuoteTheOffendingValueCutAndPrintable() {
        String detail = guard.check("GET", "/", "http", "localhost", "http://evil\u0000.example" + "x".repeat(200), null)
                .map(RequestRefusal::detail).orElse("");
        assertThat(detail).isEmpty();
        detail = guard.check("POST", "/", "http", "localhost", "http://evil\u0000.example" + "x".repeat(200), null)
                .orElseThrow().detail();
        assertThat(detail).contains("evil?.example").hasSizeLessThan(250);
    }
}
