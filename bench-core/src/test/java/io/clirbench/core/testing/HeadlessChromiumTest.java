package io.clirbench.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A missing browser fails with the install command instead of skipping silently. */
class HeadlessChromiumTest {

    @Test
    void aMissingBrowserFailsWithTheInstallHint() {
        HeadlessChromium missing = new HeadlessChromium(Path.of("/nonexistent/chromium"), Duration.ofSeconds(5));

        assertThat(missing.isAvailable()).isFalse();
        assertThatThrownBy(missing::requireAvailable).isInstanceOf(AssertionError.class)
                .hasMessageContaining("/nonexistent/chromium").hasMessageContaining("apt-get install chromium")
                .hasMessageContaining("CLIRBENCH_SKIP_BROWSER=1");
        assertThatThrownBy(() -> missing.dumpDom("file:///dev/null")).hasMessageContaining("apt-get install chromium");
    }
}
