package io.clirbench.core.testing;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The independent programs some tests compare with (trec_eval, the XHotpotQA package and python3, dpkg-deb). Where one is
 * missing a developer's run skips the comparison, saying why; CI (environment {@code CLIRBENCH_REQUIRE_PEERS=1}, which
 * {@code .ci/run} sets) fails instead, so a comparison never disappears silently from the green build.
 */
public final class Peers {

    public static final String REQUIRE_ENV = "CLIRBENCH_REQUIRE_PEERS";

    private Peers() {
    }

    /** Returns when {@code available}; else skips the test, or fails it under CI. */
    public static void require(boolean available, String missing) {
        if (available) {
            return;
        }
        if ("1".equals(System.getenv(REQUIRE_ENV))) {
            Assertions.fail(missing + " (" + REQUIRE_ENV + "=1: CI does not skip a comparison with a peer)");
        }
        Assumptions.abort(missing + ": the comparison is skipped");
    }
}
