package io.clirbench.index.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Without {@code --add-modules jdk.incubator.vector} the service still searches, with the scalar kernel. */
class KernelFallbackTest {

    @Test
    void aJvmWithoutTheIncubatorModuleUsesTheScalarKernel() throws Exception {
        assertThat(run(false)).isEqualTo("scalar [2, 1, 0]");
        assertThat(run(true)).startsWith("vector-api").endsWith("[2, 1, 0]");
    }

    private static String run(boolean withModule) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path")));
        if (withModule) {
            cmd.addAll(List.of("--add-modules", "jdk.incubator.vector"));
        }
        cmd.add(KernelProbe.class.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8)).isZero();
        return out;
    }
}
