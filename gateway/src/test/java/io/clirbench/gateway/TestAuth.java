package io.clirbench.gateway;

import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;

/** The %test profile's tokens, and RestAssured with the runner token (every role) for tests about something else. */
public final class TestAuth {

    public static final String RUNNER_TOKEN = "test-runner-token";
    public static final String READER_TOKEN = "test-reader-token";
    public static final String SERVICE_TOKEN = "test-service-token";
    public static final String RUNNER_HEADER = "Bearer " + RUNNER_TOKEN;

    private TestAuth() {
    }

    /**
     * {@code RestAssured.given()} with {@code Authorization: Bearer test-runner-token} and the content type
     * {@code application/json} (a test's own {@code contentType} replaces it): RestAssured's default for a POST
     * without a body is {@code text/plain}, a form type that the gateway refuses on state-changing requests.
     */
    public static RequestSpecification given() {
        return RestAssured.given().header("Authorization", RUNNER_HEADER).contentType(ContentType.JSON);
    }

    /**
     * The URL a headless browser loads to see {@code path} signed in: the sign-in page with the runner token in its
     * fragment (as a person pastes it), which sets the cookie and goes on to {@code path}.
     */
    public static String browserUrl(String base, String path) {
        return base.replaceAll("/$", "") + "/sign-in?next=" + java.net.URLEncoder.encode(path, java.nio.charset.StandardCharsets.UTF_8)
                + "#token=" + RUNNER_TOKEN;
    }
}
