package io.clirbench.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.gateway.TestAuth;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Who may do what on the gateway. The OpenAPI document (read with a token) lists every route: each one, with each
 * of its methods, answers 401 problem+json without a token and with a wrong one, 403 to the service token, and 403
 * to the reader token where it changes state; the MCP path likewise. Health is open. The browser cookie's flags, and
 * the refusals of a foreign {@code Host} (DNS rebinding), a foreign {@code Origin} and form content types (CSRF).
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class GatewaySecurityTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> READS = Set.of("get", "head");
    private static final String PROBLEM = "application/problem+json";
    /** The one route of the document open to all (besides health): the sign-in page. */
    private static final Set<String> OPEN = Set.of("/sign-in");

    /** One route of the OpenAPI document with its path parameters filled in. */
    record Route(String method, String path) {
        @Override
        public String toString() {
            return method.toUpperCase() + " " + path;
        }
    }

    @Test
    void everyRouteOfTheOpenApiDocumentRefusesCallersWithoutTheRightToken() throws Exception {
        RestAssured.given().get("/q/openapi").then().statusCode(401);
        List<Route> routes = openApiRoutes();
        assertThat(routes).as("routes of /q/openapi").hasSizeGreaterThan(25)
                .contains(new Route("post", "/api/runs/x1/cancel"), new Route("get", "/api/runs/x1/events"),
                        new Route("get", "/runs/x1"), new Route("post", "/api/datasets/upload"));
        for (Route route : routes) {
            if (OPEN.contains(route.path())) {
                continue;
            }
            expect(route, RestAssured.given(), 401);
            expect(route, RestAssured.given().header("Authorization", "Bearer wrong-token"), 401);
            expect(route, RestAssured.given().header("Authorization", "Bearer " + TestAuth.SERVICE_TOKEN), 403);
            if (!READS.contains(route.method()) && !route.path().equals("/api/session")) {
                // (a reader may sign in and out)
                expect(route, RestAssured.given().header("Authorization", "Bearer " + TestAuth.READER_TOKEN), 403);
            }
        }
    }

    @Test
    void theMcpPathTakesTheRunnerTokenOnly() {
        for (String method : List.of("get", "post", "delete")) {
            Route route = new Route(method, "/mcp/x1/q1");
            expect(route, RestAssured.given(), 401);
            expect(route, RestAssured.given().header("Authorization", "Bearer wrong-token"), 401);
            expect(route, RestAssured.given().header("Authorization", "Bearer " + TestAuth.READER_TOKEN), 403);
        }
        // with the runner token the MCP server answers (an unknown run: not a security refusal)
        int status = send(new Route("post", "/mcp/x1/q1"), TestAuth.given()).statusCode();
        assertThat(status).isNotIn(401, 403);
    }

    @Test
    void theReaderTokenReadsButDoesNotRun() {
        RestAssured.given().header("Authorization", "Bearer " + TestAuth.READER_TOKEN).get("/api/runs").then().statusCode(200);
        RestAssured.given().header("Authorization", "Bearer " + TestAuth.READER_TOKEN).get("/q/openapi").then().statusCode(200);
        RestAssured.given().header("Authorization", "Bearer " + TestAuth.READER_TOKEN).contentType(ContentType.JSON)
                .body("{}").post("/api/runs").then().statusCode(403).contentType(PROBLEM).body("status", equalTo(403));
    }

    @Test
    void healthAnswersWithoutAToken() {
        RestAssured.given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
        // readiness answers too (UP, or DOWN with 503 when a check of this shared test application is down)
        for (String path : List.of("/q/health/ready", "/q/health")) {
            Response r = RestAssured.given().get(path);
            assertThat(r.statusCode()).as(path + ": " + r.asString()).isIn(200, 503);
            assertThat(r.jsonPath().getString("status")).as(path).isIn("UP", "DOWN");
        }
    }

    @Test
    void signingInSetsAnHttpOnlyStrictCookieThatPagesAndTheApiAccept() {
        RestAssured.given().get("/sign-in").then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("/api/session"));
        Response signIn = RestAssured.given().header("Authorization", "Bearer " + TestAuth.READER_TOKEN)
                .contentType(ContentType.JSON).post("/api/session");
        signIn.then().statusCode(200).body("principal", equalTo("reader"));
        String setCookie = signIn.getHeader("Set-Cookie");
        // issue 28, finding 7: the cookie is a session id, never the token (12 hours: 43,200 s)
        assertThat(setCookie).startsWith("clirbench_session=").doesNotContain(TestAuth.READER_TOKEN).containsIgnoringCase("HttpOnly")
                .containsIgnoringCase("SameSite=Strict").contains("Path=/").contains("Max-Age=43200")
                .doesNotContainIgnoringCase("Secure");
        String session = signIn.getCookie("clirbench_session");
        assertThat(session).hasSizeGreaterThanOrEqualTo(43); // 256 random bits, Base64 without padding

        RequestSpecification browser = RestAssured.given().cookie("clirbench_session", session);
        browser.get("/api/runs").then().statusCode(200);
        RestAssured.given().cookie("clirbench_session", session).accept("text/html").get("/")
                .then().statusCode(200).body(containsString("<h1>Runs</h1>"));
        RestAssured.given().cookie("clirbench_session", session).contentType(ContentType.JSON).body("{}")
                .post("/api/runs").then().statusCode(403);
        RestAssured.given().cookie("clirbench_session", "wrong-session").get("/api/runs").then().statusCode(401);
        // the old cookie carrying the token itself is no longer read
        RestAssured.given().cookie("clirbench_token", TestAuth.READER_TOKEN).get("/api/runs").then().statusCode(401);
        RestAssured.given().cookie("clirbench_session", TestAuth.READER_TOKEN).get("/api/runs").then().statusCode(401);
        // a session does not open another: sign-in needs the token
        RestAssured.given().cookie("clirbench_session", session).contentType(ContentType.JSON).post("/api/session")
                .then().statusCode(400).contentType(PROBLEM);

        Response signOut = RestAssured.given().cookie("clirbench_session", session).contentType(ContentType.JSON)
                .delete("/api/session");
        signOut.then().statusCode(204);
        assertThat(signOut.getHeader("Set-Cookie")).startsWith("clirbench_session=;").contains("Max-Age=0");
        // a copy of the cookie kept from before the sign-out is revoked with its session
        RestAssured.given().cookie("clirbench_session", session).get("/api/runs").then().statusCode(401).contentType(PROBLEM);
    }

    @Test
    void theCookieIsSecureWhenTheRequestCameOverHttps() {
        // TLS ends at the ingress in Kubernetes; the gateway sees X-Forwarded-Proto (quarkus.http.proxy.*)
        String setCookie = RestAssured.given().header("Authorization", "Bearer " + TestAuth.READER_TOKEN)
                .contentType(ContentType.JSON).header("X-Forwarded-Proto", "https").post("/api/session").then().statusCode(200).extract().header("Set-Cookie");
        assertThat(setCookie).containsIgnoringCase(";Secure").containsIgnoringCase("HttpOnly");
    }

    @Test
    void aBrowserWithoutTheCookieIsLedToTheSignInPage() {
        RestAssured.given().accept("text/html,application/xhtml+xml").get("/runs/r1?x=1").then().statusCode(401)
                .contentType(containsString("text/html")).body(containsString("/sign-in?next=%2Fruns%2Fr1%3Fx%3D1"));
        RestAssured.given().get("/runs/r1").then().statusCode(401).contentType(PROBLEM)
                .header("WWW-Authenticate", containsString("Bearer")).body("detail", containsString("CLIRBENCH_TOKEN"));
    }

    @Test
    void aForeignHostIsRefusedWithTheRightTokenToo() {
        // DNS rebinding: a page at evil.example whose name now resolves to 127.0.0.1 calls with its own Host
        TestAuth.given().header("Host", "evil.example:8080").get("/api/runs").then().statusCode(421).contentType(PROBLEM)
                .body("detail", containsString("evil.example"));
        TestAuth.given().header("Host", "localhost.evil.example").get("/api/runs").then().statusCode(421);
        // a malformed Host
        TestAuth.given().header("Host", "bad host").get("/api/runs").then().statusCode(400).contentType(PROBLEM);
        // the loopback names, any port
        TestAuth.given().header("Host", "127.0.0.1:1").get("/api/runs").then().statusCode(200);
        TestAuth.given().header("Host", "[::1]:8080").get("/api/runs").then().statusCode(200);
        TestAuth.given().header("Host", "LOCALHOST").get("/api/runs").then().statusCode(200);
        // health stays open to probes that send a pod address
        RestAssured.given().header("Host", "10.1.2.3:8080").get("/q/health/live").then().statusCode(200);
    }

    @Test
    void crossSiteFormPostsAndForeignOriginsCannotCancelOrSubmitRuns() throws Exception {
        String dataset = TestAuth.given().contentType(ContentType.JSON)
                .body(Map.of("path", TestDatasets.write("csrf", TestDatasets.sample()).toString()))
                .post("/api/datasets").then().statusCode(201).extract().path("id");
        String id = TestAuth.given().contentType(ContentType.JSON)
                .body(Map.of("dataset", dataset, "retrievers", List.of("slow-model/exact"), "depth", 10, "bootstrap", 0))
                .post("/api/runs").then().statusCode(202).extract().path("id");
        String total = TestAuth.given().get("/api/runs").header("X-Total-Count");
        // what a hostile page can send with the victim's cookie: form types, or JSON from its own origin
        for (String path : List.of("/api/runs/" + id + "/cancel", "/api/runs")) {
            cookie().formParam("a", "b").post(path).then().statusCode(415).contentType(PROBLEM)
                    .body("detail", containsString("application/x-www-form-urlencoded"));
            cookie().multiPart("a", "b").post(path).then().statusCode(415).body("detail", containsString("multipart/form-data"));
            cookie().contentType("text/plain;charset=UTF-8").body("a=b").post(path).then().statusCode(415)
                    .body("detail", containsString("text/plain"));
        }
        cookie().header("Origin", "http://evil.example").contentType(ContentType.JSON).post("/api/runs/" + id + "/cancel").then().statusCode(403)
                .contentType(PROBLEM).body("detail", containsString("evil.example"));
        cookie().header("Origin", "null").contentType(ContentType.JSON).body("{}").post("/api/runs").then().statusCode(403);
        // nothing changed: the run goes on, no run was added
        TestAuth.given().get("/api/runs/" + id).then().body("state", not(equalTo("CANCELLED")));
        assertThat(TestAuth.given().get("/api/runs").header("X-Total-Count")).isEqualTo(total);
        // the gateway's own page origin may
        cookie().header("Origin", "http://localhost:" + RestAssured.port).contentType(ContentType.JSON).post("/api/runs/" + id + "/cancel")
                .then().statusCode(200).body("id", equalTo(id));
    }

    /** A browser of the runner holding the cookie (a session the runner token signed in). */
    private static RequestSpecification cookie() {
        String session = RestAssured.given().header("Authorization", "Bearer " + TestAuth.RUNNER_TOKEN)
                .contentType(ContentType.JSON).post("/api/session")
                .then().statusCode(200).extract().cookie("clirbench_session");
        return RestAssured.given().cookie("clirbench_session", session);
    }

    private static void expect(Route route, RequestSpecification request, int status) {
        Response r = send(route, request);
        assertThat(r.statusCode()).as(route + " → " + r.asString()).isEqualTo(status);
        if (!route.method().equals("head")) {
            assertThat(r.contentType()).as(route.toString()).startsWith(PROBLEM);
        }
    }

    /** The request of a route: a JSON body on state-changing methods (the content type the API takes). */
    private static Response send(Route route, RequestSpecification request) {
        if (!READS.contains(route.method())) {
            request.contentType(ContentType.JSON).body("{}");
        }
        return request.request(route.method().toUpperCase(), route.path());
    }

    /** Every (method, path) of the OpenAPI document, path parameters filled with {@code x1}. */
    private static List<Route> openApiRoutes() throws Exception {
        String doc = TestAuth.given().accept("application/json").get("/q/openapi?format=json").then().statusCode(200)
                .extract().asString();
        JsonNode paths = JSON.readTree(doc).path("paths");
        List<Route> routes = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = paths.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> path = it.next();
            String filled = path.getKey().replaceAll("\\{[^}]*}", "x1");
            for (Iterator<String> methods = path.getValue().fieldNames(); methods.hasNext(); ) {
                String method = methods.next();
                if (Set.of("get", "put", "post", "delete", "patch", "head", "options").contains(method)) {
                    routes.add(new Route(method, filled));
                }
            }
        }
        return routes;
    }
}
