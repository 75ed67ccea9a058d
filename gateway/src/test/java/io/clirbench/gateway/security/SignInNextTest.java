package io.clirbench.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Issue 28 finding 4 (open redirect after sign-in): the sign-in page goes on to {@code ?next=} only when it is a
 * path of this site. The queries are sent as written (no encoding by the client); the target is the one the server
 * wrote into the page ({@code data-next}), which the page's script uses. Why each one leaves the site, in a
 * browser's URL parser (WHATWG URL Standard): tabs and newlines are removed anywhere, {@code \} is read as
 * {@code /}, and {@code //host} is a host.
 */
@QuarkusTest
class SignInNextTest {

    private static final Pattern NEXT = Pattern.compile("data-next=\"([^\"]*)\"");

    @Test
    void aNextThatLeavesTheSiteFallsBackToTheRunsList() {
        Map<String, String> hostile = new LinkedHashMap<>();
        hostile.put("next=/%09/evil.example/x", "a tab between the slashes (the finding)");
        hostile.put("next=/%0A/evil.example/x", "a newline between the slashes");
        hostile.put("next=/%0D/evil.example/x", "a carriage return between the slashes");
        hostile.put("next=//evil.example", "a network-path reference");
        hostile.put("next=/%5Cevil.example", "slash, backslash");
        hostile.put("next=/%5C/evil.example", "slash, backslash, slash");
        hostile.put("next=/x%5C..%5C..%5C%5Cevil.example", "a backslash further on");
        hostile.put("next=https://evil.example", "an absolute URL");
        hostile.put("next=javascript:alert(1)", "a javascript: URL");
        hostile.put("next=%2F%2Fevil.example", "//, percent-encoded once (decoded to //)");
        hostile.put("next=/%2F/evil.example", "/%2F/ (decoded to ///)");
        hostile.put("next=%20//evil.example", "a leading space (browsers strip it)");
        hostile.put("next=/%00/evil.example", "NUL");
        hostile.put("next=/%7F/evil.example", "DEL");
        hostile.put("next=evil.example", "a relative path");
        hostile.put("next=", "empty");
        hostile.put("", "no next");
        Map<String, String> got = new LinkedHashMap<>();
        hostile.forEach((query, why) -> got.put(query + " (" + why + ")", target(query)));
        assertThat(got).allSatisfy((query, target) -> assertThat(target).as(query).isEqualTo("/"));
    }

    @Test
    void aPathOfThisSiteIsKeptWithItsQuery() {
        assertThat(target("next=/runs/x?y=1")).isEqualTo("/runs/x?y=1");
        // as the sign-in challenge writes it (URLEncoder): decoded once by the server
        assertThat(target("next=%2Fruns%2Fx%3Fy%3D1%26z%3D2")).isEqualTo("/runs/x?y=1&z=2");
        assertThat(target("next=/")).isEqualTo("/");
        assertThat(target("next=/api/runs")).isEqualTo("/api/runs");
    }

    @Test
    void theTargetIsEscapedInThePage() {
        String page = page("next=/runs/%22%3E%3Cscript%3Ealert(1)%3C/script%3E");
        assertThat(page).doesNotContain("<script>alert(1)").contains("data-next=\"/runs/&quot;&gt;&lt;script&gt;");
        assertThat(target("next=/runs/%22%3E%3Cscript%3Ealert(1)%3C/script%3E")).isEqualTo("/runs/\"><script>alert(1)</script>");
    }

    /** The page's {@code next}, HTML entities decoded as a browser reads the attribute. */
    private static String target(String query) {
        Matcher m = NEXT.matcher(page(query));
        assertThat(m.find()).as("data-next in the page for " + query).isTrue();
        return m.group(1).replace("&quot;", "\"").replace("&#39;", "'").replace("&lt;", "<").replace("&gt;", ">")
                .replace("&amp;", "&");
    }

    private static String page(String query) {
        return RestAssured.given().urlEncodingEnabled(false).get("/sign-in" + (query.isEmpty() ? "" : "?" + query))
                .then().statusCode(200).extract().asString();
    }
}
