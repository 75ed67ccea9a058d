package io.clirbench.gateway;

import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;

/** Every HTTP request of a test carries the %test runner token (security contract: Bearer test-runner-token). */
public final class TestAuth {

    public static final String RUNNER = "Bearer test-runner-token";

    private TestAuth() {
    }

    /** RestAssured's {@code given()} with the runner token. */
    public static RequestSpecification given() {
        return RestAssured.given().header("Authorization", RUNNER);
    }
}
