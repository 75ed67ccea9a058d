package io.clirbench.gateway;

import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;

/**
 * The one place where the gateway's tests authenticate (security contract, issue 12): every request carries the
 * %test runner token, which holds both roles. Harmless while the gateway has no authentication.
 */
public final class TestAuth {

    /** The %test profile's runner token. */
    public static final String RUNNER_TOKEN = "test-runner-token";
    /** The value of the {@code Authorization} header. */
    public static final String BEARER = "Bearer " + RUNNER_TOKEN;

    private TestAuth() {
    }

    /** RestAssured's {@code given()} with the runner token. */
    public static RequestSpecification given() {
        return RestAssured.given().header("Authorization", BEARER);
    }

    /**
     * The URL a headless browser loads to see {@code path} signed in. Today the page itself (the gateway has no
     * sign-in yet); when the browser sign-in lands (token entered once, kept in a cookie), it goes here.
     */
    public static String browserUrl(String base, String path) {
        return base.replaceAll("/$", "") + path;
    }
}
