package io.clirbench.index.health;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
class IndexHealthTest {

    @Test
    void readinessReportsTheServiceUp() {
        given().when().get("/q/health/ready")
                .then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("index-service"))
                .body("checks.find { it.name == 'index-service' }.data.exactKernel", org.hamcrest.Matchers.startsWith("vector-api"));
    }

    @Test
    void livenessIsUp() {
        given().when().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"));
    }
}
