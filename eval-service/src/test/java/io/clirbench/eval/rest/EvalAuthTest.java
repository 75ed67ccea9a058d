package io.clirbench.eval.rest;

import io.clirbench.eval.retrieval.RunResource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.clirbench.eval.TestAuth;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The eval-service's REST API takes the service token only: every route of every resource (found by scanning the
 * service's classes for {@code @Path}, so a new resource cannot be missed) answers 401 without a token or with a
 * wrong one, 403 with the gateway's runner or reader token, and something else (200 or 404) with the service token.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class EvalAuthTest {

    @Test
    void everyRouteRefusesCallersWithoutTheServiceToken() {
        List<String> routes = routes();
        assertThat(routes).as("routes found").hasSizeGreaterThanOrEqualTo(10).contains("/api/runs", "/api/runs/r1/report");
        for (String route : routes) {
            RestAssured.given().get(route).then().statusCode(401).contentType(containsString("application/problem+json"))
                    .header("WWW-Authenticate", containsString("Bearer"));
            RestAssured.given().header("Authorization", "Bearer wrong-token").get(route).then().statusCode(401);
            RestAssured.given().header("Authorization", "Bearer test-runner-token").get(route).then().statusCode(403)
                    .body("status", equalTo(403));
            RestAssured.given().header("Authorization", "Bearer test-reader-token").get(route).then().statusCode(403);
            int status = TestAuth.given().get(route).then().extract().statusCode();
            assertThat(status).as(route + " with the service token").isIn(200, 400, 404);
        }
    }

    @Test
    void healthAnswersWithoutAToken() {
        RestAssured.given().get("/q/health/ready").then().statusCode(200);
        RestAssured.given().get("/q/health/live").then().statusCode(200);
    }

    @Test
    void aForeignHostIsRefusedEvenWithTheServiceToken() {
        // DNS rebinding: a page at evil.example whose name now resolves to 127.0.0.1
        TestAuth.given().header("Host", "evil.example:8083").get("/api/runs").then().statusCode(421)
                .contentType(containsString("application/problem+json")).body("detail", containsString("evil.example"));
    }

    /**
     * Issue 28, finding 7: a body without {@code Content-Type} is refused (415 problem+json) before any resource
     * guesses its type. The JDK client sends no Content-Type unless told (RestAssured would add a form type).
     */
    @Test
    void aBodyWithoutContentTypeIsUnsupported() throws Exception {
        java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(java.net.http.HttpRequest
                        .newBuilder(java.net.URI.create("http://localhost:" + RestAssured.port + "/api/runs"))
                        .header("Authorization", "Bearer test-service-token")
                        .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"runId\":\"r1\"}")).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(415);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        assertThat(r.body()).contains("Content-Type").contains("\"status\":415");
    }

    /** Every GET route of the service's resources, path parameters filled in. */
    static List<String> routes() {
        List<String> routes = new ArrayList<>();
        for (Class<?> resource : resources()) {
            String base = resource.getAnnotation(Path.class).value();
            for (Method m : resource.getDeclaredMethods()) {
                if (m.isAnnotationPresent(GET.class)) {
                    Path sub = m.getAnnotation(Path.class);
                    routes.add(fill(join(base, sub == null ? "" : sub.value())));
                }
            }
        }
        return routes;
    }

    private static String join(String base, String sub) {
        String joined = ("/" + base + "/" + sub).replaceAll("/+", "/");
        return joined.length() > 1 && joined.endsWith("/") ? joined.substring(0, joined.length() - 1) : joined;
    }

    /** {@code {runId}} → {@code r1}, {@code {name: .+}} → {@code r1}: a value no route refuses as malformed. */
    private static String fill(String template) {
        return template.replaceAll("\\{[^}]*}", "r1");
    }

    /** The classes of {@code io.clirbench.eval} annotated with {@code @Path}. */
    private static List<Class<?>> resources() {
        try {
            // the module's compiled classes (surefire runs in the module directory)
            java.nio.file.Path root = java.nio.file.Path.of("target/classes");
            try (Stream<java.nio.file.Path> files = Files.walk(root.resolve("io/clirbench/eval"))) {
                List<Class<?>> out = new ArrayList<>();
                for (java.nio.file.Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                    String name = root.relativize(f).toString().replace('/', '.').replaceAll("\\.class$", "");
                    Class<?> c = Class.forName(name, false, RunResource.class.getClassLoader());
                    if (c.isAnnotationPresent(Path.class)) {
                        out.add(c);
                    }
                }
                return out;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
