package io.clirbench.eval.rest;

import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.clirbench.eval.TestAuth;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * The eval-service's errors come from service-common's ProblemMapper, found in that jar: RFC 9457 problem+json with
 * the HTTP reason phrase as title and, because {@code clirbench.problems.instance=true}, the request path as
 * {@code instance}; the resources' own 404 and the framework's 404 and 405 alike.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class ProblemBodyTest {

    @Test
    void anUnknownRunIsANotFoundProblemWithItsPath() {
        TestAuth.given().get("/api/runs/no-such-run").then().statusCode(404).contentType(containsString("application/problem+json"))
                .body("type", equalTo("about:blank")).body("title", equalTo("Not Found")).body("status", equalTo(404))
                .body("detail", containsString("no-such-run")).body("instance", equalTo("/api/runs/no-such-run"));
    }

    @Test
    void theFrameworksErrorsAreProblemsToo() {
        TestAuth.given().get("/api/no-such-resource").then().statusCode(404).contentType(containsString("application/problem+json"))
                .body("title", equalTo("Not Found")).body("instance", equalTo("/api/no-such-resource"));
        TestAuth.given().delete("/api/runs").then().statusCode(405).contentType(containsString("application/problem+json"))
                .body("title", equalTo("Method Not Allowed")).body("status", equalTo(405)).body("instance", equalTo("/api/runs"));
    }
}
