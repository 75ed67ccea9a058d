package io.clirbench.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's procedures, run as written on a copy of the manifests. */
class AddModelTest {

    @TempDir
    Path tmp;

    @Test
    void addingAModelAsTheReadmeSaysDeploysItAndTellsTheGateway() throws Exception {
        Path k8s = copyManifests();
        Rendering.run(tmp, List.of("bash", "-euo", "pipefail", "-c", readmeBlock("add-model")));

        Rendering r = Rendering.of(k8s.resolve("overlays/gpu"));

        Map<String, Object> deployment = r.find("Deployment", "embedder-bge-m3").orElseThrow();
        Map<String, Object> container = Yamls.containers(deployment).get(0);
        EffectiveConfig embedder = EffectiveConfig.of(r, deployment, container, ManifestsTest.REPO, "embedder-service");
        assertThat(embedder.get("embedder.model-card")).isEqualTo("/models/bge-m3/model.json");
        assertThat(embedder.get("embedder.device")).isEqualTo("cuda");
        assertThat(Yamls.str(container, "resources", "limits", "nvidia.com/gpu")).isEqualTo("1");
        assertThat(Yamls.str(r.find("Service", "embedder-bge-m3").orElseThrow(), "spec", "clusterIP")).isEqualTo("None");
        assertThat(r.find("HorizontalPodAutoscaler", "embedder-bge-m3")).isPresent();

        Map<String, Object> gw = r.find("Deployment", "gateway").orElseThrow();
        EffectiveConfig gateway = EffectiveConfig.of(r, gw, Yamls.containers(gw).get(0), ManifestsTest.REPO, "gateway");
        assertThat(Invariants.encoderEndpoints(r, gw, Yamls.containers(gw).get(0), gateway))
                .containsEntry("bge-m3", "embedder-bge-m3:8080").hasSize(5);
        // the key resolves to the new headless Service and its port (independently of the invariant checks)
        Map<String, Object> svc = r.find("Service", "embedder-bge-m3").orElseThrow();
        assertThat(Yamls.str(Yamls.list(Yamls.at(svc, "spec", "ports")).get(0), "port")).isEqualTo("8080");
        assertThat(Yamls.str(svc, "spec", "selector", "clirbench.io/model")).isEqualTo("bge-m3");
        assertThat(r.embedders()).hasSize(5);
        assertThat(ManifestsTest.allProblems(r, k8s)).isEmpty();
    }

    @Test
    void theQueueDepthComponentSwitchesEveryEmbedderHpa() throws Exception {
        Path k8s = copyManifests();
        Rendering.run(tmp, List.of("bash", "-euo", "pipefail", "-c", readmeBlock("queue-depth")));

        Rendering r = Rendering.of(k8s.resolve("overlays/gpu"));

        for (Map<String, Object> e : r.embedders()) {
            Map<String, Object> hpa = r.find("HorizontalPodAutoscaler", Yamls.name(e)).orElseThrow();
            Object metric = Yamls.list(Yamls.at(hpa, "spec", "metrics")).get(0);
            assertThat(Yamls.str(metric, "type")).isEqualTo("Pods");
            assertThat(Yamls.str(metric, "pods", "metric", "name")).isEqualTo("embedder_queue_depth");
        }
    }

    /** base, components, overlays and secrets.env.example under tmp/k8s (the README's paths start at the repo root). */
    private Path copyManifests() throws IOException {
        Path target = tmp.resolve("k8s");
        for (String part : List.of("base", "components", "overlays")) {
            Path from = ManifestsTest.MODULE.resolve(part);
            try (Stream<Path> files = Files.walk(from)) {
                for (Path f : files.toList()) {
                    Path to = target.resolve(part).resolve(from.relativize(f).toString());
                    if (Files.isDirectory(f)) {
                        Files.createDirectories(to);
                    } else {
                        Files.copy(f, to, StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        }
        Files.copy(ManifestsTest.MODULE.resolve("secrets.env.example"), target.resolve("secrets.env.example"));
        return target;
    }

    /** The fenced block after the marker comment {@code <!-- test: NAME -->} in k8s/README.md. */
    static String readmeBlock(String name) throws IOException {
        String readme = Files.readString(ManifestsTest.MODULE.resolve("README.md"));
        int marker = readme.indexOf("<!-- test: " + name + " -->");
        assertThat(marker).as("README marker for " + name).isNotNegative();
        int open = readme.indexOf("```", marker);
        int start = readme.indexOf('\n', open) + 1;
        String block = readme.substring(start, readme.indexOf("```", start));
        // the block may be indented as part of a list item: strip the indentation of its first line
        String indent = block.substring(0, block.length() - block.stripLeading().length());
        return block.lines().map(l -> l.startsWith(indent) ? l.substring(indent.length()) : l)
                .reduce("", (a, b) -> a + b + "\n");
    }
}
