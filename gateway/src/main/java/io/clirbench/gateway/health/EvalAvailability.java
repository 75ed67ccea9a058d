package io.clirbench.gateway.health;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/**
 * Whether the eval-service answered at the last look (a watched run's poll or a readiness probe), and since when it
 * has not: what the runs' "evaluation unavailable" message and the {@code eval-service} readiness check show.
 */
@ApplicationScoped
public class EvalAvailability {

    private volatile Instant notAnsweringSince;

    /** It answered (with any HTTP status). */
    public void answered() {
        notAnsweringSince = null;
    }

    /** It did not answer; the instant since which it has not (this one, unless it already failed before). */
    public synchronized Instant notAnswering() {
        if (notAnsweringSince == null) {
            notAnsweringSince = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        }
        return notAnsweringSince;
    }

    public Optional<Instant> notAnsweringSince() {
        return Optional.ofNullable(notAnsweringSince);
    }

    /** The message of a run in EVALUATING while the eval-service at {@code url} does not answer. */
    public static String unavailable(String url, Instant since) {
        return UNAVAILABLE + "eval-service at " + url + " not answering since " + since;
    }

    /** How that message starts. */
    public static final String UNAVAILABLE = "evaluation unavailable: ";
}
