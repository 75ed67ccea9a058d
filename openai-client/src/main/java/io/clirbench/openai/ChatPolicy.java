package io.clirbench.openai;

import java.time.Duration;

/**
 * The one retry, timeout and concurrency policy of {@link ChatCompletionsClient}.
 *
 * <ul>
 *   <li>At most {@code maxConcurrency} requests of one client are in flight; more callers wait their turn.</li>
 *   <li>Each request gets {@code attempts} tries. Retried: HTTP 429, every 5xx, a refused or broken connection and a
 *       timeout. Not retried: any other status (a 4xx says the request itself is wrong), a 200 whose body is not a JSON
 *       object.</li>
 *   <li>Between tries: {@code firstBackoff}, doubled after each try, capped at {@link #MAX_BACKOFF}; a
 *       {@code Retry-After} header in seconds wins when longer (capped the same way).</li>
 *   <li>{@code timeout} bounds each try, from sending to the whole answer; connecting is bounded by it too, at most
 *       {@link #MAX_CONNECT_TIMEOUT}.</li>
 *   <li>{@code bodyExcerptChars}: how much of what the server answered an error message may quote, at most
 *       {@link #MAX_BODY_EXCERPT} characters (whitespace collapsed, then cut). 0, the default, quotes nothing: the
 *       gateway's reader errors become run messages that every token holder reads, and must not echo what a server
 *       answered (issue 28, finding 3). The log gets the excerpt either way.</li>
 *   <li>{@code maxReplyBytes}: the longest reply body read, default {@link #DEFAULT_MAX_REPLY_BYTES} (16 MiB; a
 *       completion of a few thousand tokens is tens of KB). A longer one is refused, not retried, without being read
 *       past the limit (issue 45: a 300 MB reply was buffered whole).</li>
 * </ul>
 */
public record ChatPolicy(int maxConcurrency, int attempts, Duration timeout, Duration firstBackoff, int bodyExcerptChars,
                         long maxReplyBytes) {

    public static final Duration MAX_BACKOFF = Duration.ofSeconds(8);
    public static final Duration MAX_CONNECT_TIMEOUT = Duration.ofSeconds(10);
    public static final int MAX_BODY_EXCERPT = 300;
    public static final long DEFAULT_MAX_REPLY_BYTES = 16L << 20;

    /** 4 in flight, 4 attempts, 60 s per try, 500 ms first backoff, no body quoted. */
    public static final ChatPolicy DEFAULTS = new ChatPolicy(4, 4, Duration.ofSeconds(60), Duration.ofMillis(500), 0);

    /** A policy with the default reply limit. */
    public ChatPolicy(int maxConcurrency, int attempts, Duration timeout, Duration firstBackoff, int bodyExcerptChars) {
        this(maxConcurrency, attempts, timeout, firstBackoff, bodyExcerptChars, DEFAULT_MAX_REPLY_BYTES);
    }

    public ChatPolicy {
        if (maxConcurrency < 1) {
            throw new IllegalArgumentException("chat policy: max concurrency must be at least 1, was " + maxConcurrency);
        }
        if (attempts < 1) {
            throw new IllegalArgumentException("chat policy: attempts must be at least 1, was " + attempts);
        }
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("chat policy: the timeout must be positive, was " + timeout);
        }
        if (firstBackoff == null || firstBackoff.isNegative()) {
            throw new IllegalArgumentException("chat policy: the backoff must not be negative, was " + firstBackoff);
        }
        if (bodyExcerptChars < 0 || bodyExcerptChars > MAX_BODY_EXCERPT) {
            throw new IllegalArgumentException("chat policy: body excerpt must be 0.." + MAX_BODY_EXCERPT + " characters, was "
                    + bodyExcerptChars);
        }
        if (maxReplyBytes < 1 || maxReplyBytes > Integer.MAX_VALUE - 16) {
            throw new IllegalArgumentException("chat policy: the reply limit must be 1.." + (Integer.MAX_VALUE - 16)
                    + " bytes, was " + maxReplyBytes);
        }
    }

    public ChatPolicy withAttempts(int n) {
        return new ChatPolicy(maxConcurrency, n, timeout, firstBackoff, bodyExcerptChars, maxReplyBytes);
    }

    public ChatPolicy withTimeout(Duration t) {
        return new ChatPolicy(maxConcurrency, attempts, t, firstBackoff, bodyExcerptChars, maxReplyBytes);
    }

    public ChatPolicy withFirstBackoff(Duration b) {
        return new ChatPolicy(maxConcurrency, attempts, timeout, b, bodyExcerptChars, maxReplyBytes);
    }

    public ChatPolicy withMaxConcurrency(int n) {
        return new ChatPolicy(n, attempts, timeout, firstBackoff, bodyExcerptChars, maxReplyBytes);
    }

    /** Error messages may quote up to {@code chars} characters of what the server answered. */
    public ChatPolicy quotingBodies(int chars) {
        return new ChatPolicy(maxConcurrency, attempts, timeout, firstBackoff, chars, maxReplyBytes);
    }

    /** Replies longer than {@code bytes} are refused, unread past that. */
    public ChatPolicy withMaxReplyBytes(long bytes) {
        return new ChatPolicy(maxConcurrency, attempts, timeout, firstBackoff, bodyExcerptChars, bytes);
    }

    /** The wait before try {@code attempt + 1}: the doubled backoff, or a longer Retry-After, both capped. */
    long backoffMillis(int attempt, long retryAfterMillis) {
        long cap = MAX_BACKOFF.toMillis();
        long doubled = Math.min(cap, firstBackoff.toMillis());
        for (int i = 1; i < attempt && doubled < cap; i++) {
            doubled = Math.min(cap, doubled * 2);
        }
        return Math.max(doubled, Math.min(retryAfterMillis, cap));
    }

    Duration connectTimeout() {
        return timeout.compareTo(MAX_CONNECT_TIMEOUT) < 0 ? timeout : MAX_CONNECT_TIMEOUT;
    }
}
