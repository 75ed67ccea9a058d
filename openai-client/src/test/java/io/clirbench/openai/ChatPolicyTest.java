package io.clirbench.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The backoff schedule and the policy's bounds, by hand. */
class ChatPolicyTest {

    @Test
    void theBackoffDoublesFromTheFirstAndIsCappedAtEightSeconds() {
        ChatPolicy p = ChatPolicy.DEFAULTS; // 500 ms first
        assertThat(p.backoffMillis(1, 0)).isEqualTo(500);
        assertThat(p.backoffMillis(2, 0)).isEqualTo(1000);
        assertThat(p.backoffMillis(3, 0)).isEqualTo(2000);
        assertThat(p.backoffMillis(4, 0)).isEqualTo(4000);
        assertThat(p.backoffMillis(5, 0)).isEqualTo(8000);
        assertThat(p.backoffMillis(60, 0)).isEqualTo(8000); // no overflow past the cap
        assertThat(p.withFirstBackoff(Duration.ofDays(1)).backoffMillis(1, 0)).isEqualTo(8000);
    }

    @Test
    void aLongerRetryAfterWinsUpToTheCap() {
        ChatPolicy p = ChatPolicy.DEFAULTS;
        assertThat(p.backoffMillis(1, 2000)).isEqualTo(2000);
        assertThat(p.backoffMillis(3, 1000)).isEqualTo(2000); // the backoff (2 s) is longer
        assertThat(p.backoffMillis(1, 3_600_000)).isEqualTo(8000);
    }

    @Test
    void retriedStatusesAre429AndEvery5xx() {
        assertThat(ChatCompletionsClient.retried(429)).isTrue();
        assertThat(ChatCompletionsClient.retried(500)).isTrue();
        assertThat(ChatCompletionsClient.retried(503)).isTrue();
        assertThat(ChatCompletionsClient.retried(400)).isFalse();
        assertThat(ChatCompletionsClient.retried(401)).isFalse();
        assertThat(ChatCompletionsClient.retried(404)).isFalse();
        assertThat(ChatCompletionsClient.retried(302)).isFalse();
    }

    @Test
    void theConnectTimeoutIsTheTimeoutAtMostTenSeconds() {
        assertThat(ChatPolicy.DEFAULTS.connectTimeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(ChatPolicy.DEFAULTS.withTimeout(Duration.ofMillis(300)).connectTimeout()).isEqualTo(Duration.ofMillis(300));
    }

    @Test
    void badValuesAreRefusedNamingThem() {
        assertThatThrownBy(() -> ChatPolicy.DEFAULTS.withAttempts(0)).hasMessage("chat policy: attempts must be at least 1, was 0");
        assertThatThrownBy(() -> ChatPolicy.DEFAULTS.withMaxConcurrency(0))
                .hasMessage("chat policy: max concurrency must be at least 1, was 0");
        assertThatThrownBy(() -> ChatPolicy.DEFAULTS.withTimeout(Duration.ZERO)).hasMessage("chat policy: the timeout must be positive, was PT0S");
        assertThatThrownBy(() -> ChatPolicy.DEFAULTS.quotingBodies(5000))
                .hasMessage("chat policy: body excerpt must be 0..300 characters, was 5000");
        assertThatThrownBy(() -> ChatEndpoint.named("ftp://x/v1", "m", null)).hasMessageContaining("an absolute http(s) base URL is required");
    }
}
