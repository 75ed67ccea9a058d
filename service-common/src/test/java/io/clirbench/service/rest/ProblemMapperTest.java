package io.clirbench.service.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParseException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The one mapper outside a running service: what each kind of failure becomes, the two services' parameters (whose
 * log a 500 names, {@code instance} or not) and a service's own mapping asked first. Expected bodies are RFC 9457's
 * members with the HTTP reason phrases.
 */
class ProblemMapperTest {

    /** A UriInfo that knows only its path (all the mapper reads). */
    private static UriInfo uri(String path) {
        return (UriInfo) Proxy.newProxyInstance(UriInfo.class.getClassLoader(), new Class<?>[] {UriInfo.class},
                (proxy, method, args) -> method.getName().equals("getPath") ? path : null);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> body(Response r) {
        assertThat(r.getMediaType().toString()).isEqualTo(ProblemMapper.PROBLEM_JSON);
        return (Map<String, Object>) r.getEntity();
    }

    @Test
    void anApiExceptionKeepsItsStatusTitleDetailAndFields() {
        ProblemMapper gateway = ProblemMapper.of(List.of(), "gateway", false);
        Response r = gateway.toResponse(ApiException.badRequest("bad depth", List.of(new ApiException.FieldError("depth", "0", "at least 1"))),
                uri("/api/runs"));
        assertThat(r.getStatus()).isEqualTo(400);
        assertThat(body(r)).containsExactly(Map.entry("type", "about:blank"), Map.entry("title", "Bad Request"), Map.entry("status", 400),
                Map.entry("detail", "bad depth"), Map.entry("errors", List.of(new ApiException.FieldError("depth", "0", "at least 1"))));
    }

    @Test
    void withInstanceOnTheRequestPathIsAdded() {
        ProblemMapper eval = ProblemMapper.of(List.of(), "eval-service", true);
        Map<String, Object> b = body(eval.toResponse(ApiException.notFound("no run 'r9'"), uri("/api/runs/r9")));
        assertThat(b).containsEntry("title", "Not Found").containsEntry("status", 404).containsEntry("instance", "/api/runs/r9");
        assertThat(body(ProblemMapper.of(List.of(), "gateway", false).toResponse(ApiException.notFound("x"), uri("/api/runs/r9"))))
                .doesNotContainKey("instance");
    }

    @Test
    void anUnexpectedFailureIsA500NamingOnlyAnErrorIdAndWhoseLogHasIt() {
        for (String service : List.of("gateway", "eval-service")) {
            Response r = ProblemMapper.of(List.of(), service, false).toResponse(new IllegalStateException("secret /srv/path"), uri("/x"));
            assertThat(r.getStatus()).isEqualTo(500);
            assertThat((String) body(r).get("detail"))
                    .matches("internal error [0-9a-f-]{36} \\(IllegalStateException\\); the " + service + "'s log has the details")
                    .doesNotContain("/srv/path");
        }
    }

    @Test
    void theFrameworksErrorsAndBadJsonAreProblems() {
        ProblemMapper m = ProblemMapper.of(List.of(), "gateway", false);
        Response notFound = m.toResponse(new NotFoundException(), uri("/nope"));
        assertThat(notFound.getStatus()).isEqualTo(404);
        assertThat(body(notFound)).containsEntry("title", "Not Found");
        Response json = m.toResponse(new JsonParseException(null, "Unexpected character"), uri("/api/runs"));
        assertThat(json.getStatus()).isEqualTo(400);
        assertThat((String) body(json).get("detail")).startsWith("invalid JSON body: ");
        assertThat(body(json)).containsKey("errors");
    }

    @Test
    void aServicesOwnMappingIsAskedBeforeTheGenericRules() {
        DomainProblems tooLarge = e -> e instanceof IllegalArgumentException
                ? Optional.of(new Problem(413, "Content Too Large", "over the limit", List.of())) : Optional.empty();
        ProblemMapper m = ProblemMapper.of(List.of(tooLarge), "gateway", false);
        assertThat(m.toResponse(new IllegalArgumentException("x"), uri("/u")).getStatus()).isEqualTo(413);
        assertThat(body(m.toResponse(new IllegalArgumentException("x"), uri("/u")))).containsEntry("detail", "over the limit");
        assertThat(m.toResponse(new IllegalStateException("y"), uri("/u")).getStatus()).as("not its own: generic 500").isEqualTo(500);
    }
}
