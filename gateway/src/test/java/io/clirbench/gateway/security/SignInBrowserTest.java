package io.clirbench.gateway.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.testing.HeadlessChromium;
import io.clirbench.gateway.TestAuth;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The sign-in page in headless Chromium: a browser without the cookie asking for the runs page is led to the
 * sign-in page; the page's script, given the token (in the URL fragment, as a person pastes it), gets the cookie from
 * {@code POST /api/session} and goes on to the page it came for ({@code next}), which the cookie now opens.
 */
@QuarkusTest
class SignInBrowserTest {

    /** Enough virtual time for the script's fetch and the navigation after it. */
    private static final String SETTLE = "--virtual-time-budget=10000";

    @TestHTTPResource("/")
    URL root;

    @Test
    void theBrowserSignsInOnceAndThenSeesThePages() {
        Assumptions.assumeFalse(HeadlessChromium.skipRequested(), HeadlessChromium.SKIP_ENV + "=1: browser test skipped");
        HeadlessChromium chromium = new HeadlessChromium(HeadlessChromium.DEFAULT_BINARY, Duration.ofMinutes(2)).requireAvailable();
        String base = root.toString().replaceAll("/$", "");

        String unsigned = chromium.run(List.of(SETTLE, "--dump-dom", base + "/")).stdout();
        assertThat(unsigned).contains("<h1>Sign in</h1>").doesNotContain("<h1>Runs</h1>");

        String wrong = chromium.run(List.of(SETTLE, "--dump-dom", base + "/sign-in?next=/#token=wrong-token")).stdout();
        assertThat(wrong).contains("Wrong token.").doesNotContain("<h1>Runs</h1>");

        // on to a page that does not refresh itself (the runs list does, every 2 s, which virtual time never settles)
        String signed = chromium.run(List.of(SETTLE, "--dump-dom",
                base + "/sign-in?next=/api/runs#token=" + TestAuth.READER_TOKEN)).stdout();
        assertThat(signed).contains("<pre").doesNotContain("Unauthorized", "Sign in");
    }

    /**
     * Issue 28 finding 4: {@code next=/<TAB>/evil.example/x} passed the script's old check, and the browser, which
     * drops the tab, went on to {@code http://evil.example/x} (a DNS error page here). Now the browser stays on the
     * gateway: the runs list.
     */
    @Test
    void afterSignInWithATabInNextTheBrowserStaysOnTheGateway() {
        Assumptions.assumeFalse(HeadlessChromium.skipRequested(), HeadlessChromium.SKIP_ENV + "=1: browser test skipped");
        HeadlessChromium chromium = new HeadlessChromium(HeadlessChromium.DEFAULT_BINARY, Duration.ofMinutes(2)).requireAvailable();
        String base = root.toString().replaceAll("/$", "");
        // under 2 s of virtual time: the runs list's refresh (every 2 s) would navigate again and never settle
        String landed = chromium.run(List.of("--virtual-time-budget=1500", "--dump-dom",
                base + "/sign-in?next=/%09/evil.example/x#token=" + TestAuth.READER_TOKEN)).stdout();
        assertThat(landed).contains("<h1>Runs</h1>").doesNotContain("evil.example", "Sign in");
    }
}
