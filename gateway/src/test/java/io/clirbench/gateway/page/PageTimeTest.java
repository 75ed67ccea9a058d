package io.clirbench.gateway.page;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The pages' one time format: UTC to the second. Expected values written by hand from the instants. */
class PageTimeTest {

    @Test
    void instantsAreShownToTheSecondInUtc() {
        assertThat(PageTime.of("2026-12-01T23:59:46.709977365Z")).isEqualTo("2026-12-01 23:59:46Z");
        assertThat(PageTime.of("2026-01-02T03:04:05Z")).isEqualTo("2026-01-02 03:04:05Z");
        assertThat(PageTime.of("2026-06-30T23:59:59.999999999Z")).as("cut, not rounded").isEqualTo("2026-06-30 23:59:59Z");
        assertThat(PageTime.of((String) null)).isEmpty();
        assertThat(PageTime.of("yesterday")).as("not an instant: as it is").isEqualTo("yesterday");
    }
}
