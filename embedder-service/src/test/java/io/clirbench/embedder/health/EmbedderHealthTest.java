package io.clirbench.embedder.health;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;

@QuarkusTest
class EmbedderHealthTest {

    @Test
    void readinessTurnsUpOnceTheModelIsWarm() throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
        while (given().get("/q/health/ready").statusCode() != 200 && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("embedder-service"))
                .body("checks.find { it.name == 'embedder-service' }.data.model", equalTo("all-minilm-l6-v2"));
    }

    @Test
    void livenessIsUp() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }

    /** Issue 28, finding 7: the metrics want the service token, as the gateway's and the eval-service's paths do. */
    @Test
    void metricsWithoutTheServiceTokenAreUnauthorized() {
        for (String authorization : new String[] {null, "Bearer wrong-token", "Bearer test-service-token-and-more", "test-service-token"}) {
            var request = authorization == null ? given() : given().header("Authorization", authorization);
            request.when().get("/q/metrics").then().statusCode(401).header("WWW-Authenticate", "Bearer")
                    .contentType("application/problem+json").body("status", equalTo(401))
                    .body("detail", containsString("service token")).body(not(containsString("embedder_texts_total")));
        }
        given().when().get("/q/health/live").then().statusCode(200); // probes stay open
    }

    @Test
    void prometheusShowsTheEmbedderMeters() throws InterruptedException {
        readinessTurnsUpOnceTheModelIsWarm();
        given().header("Authorization", "Bearer test-service-token").when().get("/q/metrics").then().statusCode(200)
                .body(containsString("embedder_texts_total"))
                .body(containsString("embedder_batch_size"))
                .body(containsString("embedder_queue_depth"))
                .body(containsString("embedder_batch_latency_seconds_bucket"));
    }
}
