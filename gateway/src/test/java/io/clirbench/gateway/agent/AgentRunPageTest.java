package io.clirbench.gateway.agent;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.testing.HeadlessChromium;
import io.clirbench.gateway.TestAuth;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.net.URL;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The agent run page in headless Chromium: the live counts follow the calls and answers served (two searches, one
 * document read, one answer: 3 calls, 1 answer), the page refreshes itself while the run is open, and says where the
 * report will appear while the eval-service has none (no eval-service runs in this test: the counts of the
 * eval-service read "not yet seen"). The report itself, from a real eval-service, is checked in AgentEndToEndTest.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class AgentRunPageTest {

    private static final Path TASK = Path.of(System.getProperty("project.root", "..")).resolve("datasets/xquad-agentic")
            .toAbsolutePath().normalize();

    @TestHTTPResource("/")
    URL base;

    @Test
    void liveCountsFollowTheCallsAndAnswers() {
        Assumptions.assumeFalse(HeadlessChromium.skipRequested(), HeadlessChromium.SKIP_ENV + "=1");
        HeadlessChromium chromium = HeadlessChromium.standard().requireAvailable();
        String runId = given().contentType(ContentType.JSON).body(Map.of("task", TASK.toString(), "configuration",
                        "cross-lingual", "retriever", "bm25", "k", 2, "bootstrap", 0))
                .post("/api/agent-runs").then().statusCode(201).extract().path("id");
        String queryId = given().get("/api/agent-runs/" + runId + "?questions=true").then().statusCode(200)
                .extract().path("questions[0].queryId");
        String url = TestAuth.browserUrl(base.toString(), "/agent-runs/" + runId + "?refresh=off");
        given().accept("text/html").get("/agent-runs/" + runId).then().statusCode(200)
                .body(org.hamcrest.Matchers.containsString("http-equiv=\"refresh\""));

        String before = signedIn(chromium, url);
        assertThat(before).contains("<td id=\"state\">OPEN</td>").contains("<td id=\"calls\">0</td>")
                .contains("<td id=\"answers\">0</td>").contains("cross-lingual");

        for (String q : new String[] {"Broncos season", "divisional round"}) {
            given().contentType(ContentType.JSON).body(Map.of("queryId", queryId, "query", q))
                    .post("/api/agent-runs/" + runId + "/search").then().statusCode(200);
        }
        // BM25 (the index peer runs the real engine): names written alike in most languages' documents find one
        String docid = given().contentType(ContentType.JSON).body(Map.of("queryId", queryId, "query",
                        "Peyton Manning Carolina Pittsburgh Denver"))
                .post("/api/agent-runs/" + runId + "/search").then().statusCode(200).extract().path("[0].docid");
        given().get("/api/agent-runs/" + runId + "/documents/" + docid + "?queryId=" + queryId).then().statusCode(200);
        given().contentType(ContentType.JSON).body(Map.of("queryId", queryId, "text", "Exact Answer: Denver", "confidence", 60))
                .post("/api/agent-runs/" + runId + "/answers").then().statusCode(201);

        String during = signedIn(chromium, url);
        assertThat(during).contains("<td id=\"calls\">4</td>").contains("<td id=\"answers\">1</td>")
                .contains("<td id=\"eval\">not yet seen</td>").contains("The report appears here once the run is closed");

        given().contentType(ContentType.JSON).body("{}").post("/api/agent-runs/" + runId + "/close").then().statusCode(200);
        String closed = signedIn(chromium, url);
        assertThat(closed).contains("<td id=\"state\">CLOSED</td>").contains("<td id=\"calls\">4</td>");
        given().accept("text/html").get("/agent-runs/" + runId).then().statusCode(200)
                .body(org.hamcrest.Matchers.containsString("http-equiv=\"refresh\"")); // still waiting for the eval-service's report
    }

    /**
     * The DOM after the sign-in page has set the cookie and gone on to the page. Chromium's virtual time never settles
     * on a page that refreshes itself, so the browser loads it with {@code refresh=off}; that the live page does
     * refresh is checked over HTTP.
     */
    private static String signedIn(HeadlessChromium chromium, String url) {
        return chromium.run(java.util.List.of("--virtual-time-budget=10000", "--dump-dom", url)).stdout();
    }
}
