package io.clirbench.k8s;

import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/** The output of {@code kubectl kustomize DIR}: the rendered objects, with look-ups by kind and name. */
record Rendering(List<Map<String, Object>> objects) {

    /** Where the k8s module lives (surefire sets k8s.dir; the working directory otherwise). */
    static Path moduleDir() {
        return Path.of(System.getProperty("k8s.dir", ".")).toAbsolutePath().normalize();
    }

    /** Renders a kustomization directory; kubectl missing fails, unless CLIRBENCH_SKIP_KUBECTL=1 skips. */
    static Rendering of(Path dir) {
        if (!kubectlAvailable()) {
            Assumptions.assumeFalse("1".equals(System.getenv("CLIRBENCH_SKIP_KUBECTL")),
                    "kubectl not found; skipped because CLIRBENCH_SKIP_KUBECTL=1");
            fail("kubectl not found on the PATH: install kubectl (it bundles kustomize v5; "
                    + "https://kubernetes.io/docs/tasks/tools/) or set CLIRBENCH_SKIP_KUBECTL=1 to skip these tests");
        }
        String yaml = run(dir.getParent(), List.of("kubectl", "kustomize", dir.toString()));
        List<Map<String, Object>> objects = new ArrayList<>();
        for (Object doc : new Yaml(new LoaderOptions()).loadAll(yaml)) {
            if (doc != null) {
                objects.add(Yamls.map(doc));
            }
        }
        return new Rendering(objects);
    }

    static boolean kubectlAvailable() {
        try {
            Process p = new ProcessBuilder("kubectl", "version", "--client").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Runs a command; a non-zero exit fails with its output. */
    static String run(Path workDir, List<String> command) {
        try {
            Path out = Files.createTempFile("k8s-cmd", ".out");
            Process p = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                    .redirectOutput(out.toFile()).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                fail(String.join(" ", command) + " did not finish within 120 s");
            }
            String text = Files.readString(out, StandardCharsets.UTF_8);
            Files.delete(out);
            if (p.exitValue() != 0) {
                fail(String.join(" ", command) + " exited " + p.exitValue() + ":\n" + text);
            }
            return text;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + command, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted running " + command, e);
        }
    }

    List<Map<String, Object>> ofKind(String... kinds) {
        List<String> wanted = List.of(kinds);
        return objects.stream().filter(o -> wanted.contains(o.get("kind"))).toList();
    }

    Optional<Map<String, Object>> find(String kind, String name) {
        return ofKind(kind).stream().filter(o -> name.equals(Yamls.name(o))).findFirst();
    }

    /** Deployments and StatefulSets. */
    List<Map<String, Object>> workloads() {
        return ofKind("Deployment", "StatefulSet");
    }

    /** Deployments whose pods carry app.kubernetes.io/name=embedder. */
    List<Map<String, Object>> embedders() {
        return ofKind("Deployment").stream()
                .filter(d -> "embedder".equals(Yamls.podLabels(d).get("app.kubernetes.io/name"))).toList();
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }
}
