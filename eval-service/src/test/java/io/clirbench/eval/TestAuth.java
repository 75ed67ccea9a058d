package io.clirbench.eval;

import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;

/** RestAssured with the %test profile's service token: the one the eval-service takes (what the gateway sends). */
public final class TestAuth {

    public static final String SERVICE_TOKEN = "test-service-token";

    private TestAuth() {
    }

    /** {@code RestAssured.given()} with {@code Authorization: Bearer test-service-token}. */
    public static RequestSpecification given() {
        return RestAssured.given().header("Authorization", "Bearer " + SERVICE_TOKEN);
    }
}
