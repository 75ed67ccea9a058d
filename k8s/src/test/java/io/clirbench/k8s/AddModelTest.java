package io.clirbench.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's procedures, run as written on a copy of the manifests. */
class AddModelTest {

    @TempDir
    Path tmp;

    @Test
    void addingAModelAsTheReadmeSaysIsOneNewFileAndOneLineAndTheGatewayDiscoversIt() throws Exception {
        Path k8s = copyManifests();
        Map<String, List<String>> before = files(k8s);
        Rendering.run(tmp, List.of("bash", "-euo", "pipefail", "-c", readmeBlock("add-model")));
        Map<String, List<String>> after = files(k8s);

        // exactly one new file, and the overlay's kustomization.yaml gains exactly one line (nothing else changes)
        String overlay = "overlays/gpu/kustomization.yaml";
        assertThat(after.keySet()).containsAll(before.keySet());
        assertThat(after.keySet().stream().filter(f -> !before.containsKey(f)))
                .containsExactly("overlays/gpu/models/bge-m3/kustomization.yaml");
        assertThat(before.keySet().stream().filter(f -> !before.get(f).equals(after.get(f)))).containsExactly(overlay);
        List<String> grown = new ArrayList<>(after.get(overlay));
        assertThat(grown.remove("- models/bge-m3")).isTrue();
        assertThat(grown).isEqualTo(before.get(overlay));

        Rendering r = Rendering.of(k8s.resolve("overlays/gpu"));

        Map<String, Object> deployment = r.find("Deployment", "embedder-bge-m3").orElseThrow();
        Map<String, Object> container = Yamls.containers(deployment).get(0);
        EffectiveConfig embedder = EffectiveConfig.of(r, deployment, container, ManifestsTest.REPO, "embedder-service");
        assertThat(embedder.get("embedder.model-card")).isEqualTo("/models/bge-m3/model.json");
        assertThat(embedder.get("embedder.device")).isEqualTo("cuda");
        assertThat(Yamls.str(container, "resources", "limits", "nvidia.com/gpu")).isEqualTo("1");
        // its own headless Service on port 8080 selecting bge-m3, and its HPA
        Map<String, Object> svc = r.find("Service", "embedder-bge-m3").orElseThrow();
        assertThat(Yamls.str(svc, "spec", "clusterIP")).isEqualTo("None");
        assertThat(Yamls.str(Yamls.list(Yamls.at(svc, "spec", "ports")).get(0), "port")).isEqualTo("8080");
        assertThat(Yamls.str(svc, "spec", "selector", "clirbench.io/model")).isEqualTo("bge-m3");
        assertThat(Yamls.str(r.find("HorizontalPodAutoscaler", "embedder-bge-m3").orElseThrow(),
                "spec", "scaleTargetRef", "name")).isEqualTo("embedder-bge-m3");

        // the gateway discovers through the Service embedders, whose selector matches the new pods' labels
        Map<String, Object> gw = r.find("Deployment", "gateway").orElseThrow();
        EffectiveConfig gateway = EffectiveConfig.of(r, gw, Yamls.containers(gw).get(0), ManifestsTest.REPO, "gateway");
        assertThat(gateway.get("gateway.encoders-discovery")).isEqualTo("embedders:8080");
        Map<String, Object> embedders = r.find("Service", "embedders").orElseThrow();
        Map<String, Object> selector = Yamls.map(Yamls.at(embedders, "spec", "selector"));
        assertThat(selector).isNotEmpty();
        assertThat(Yamls.podLabels(deployment)).containsAllEntriesOf(selector).containsEntry("clirbench.io/model", "bge-m3");
        assertThat(Yamls.str(embedders, "spec", "clusterIP")).isEqualTo("None");
        assertThat(r.embedders()).hasSize(5);
        assertThat(ManifestsTest.allProblems(r, k8s)).isEmpty();
    }

    @Test
    void theQueueDepthComponentSwitchesEveryEmbedderHpaEvenOfModelsAddedAfterIt() throws Exception {
        Path k8s = copyManifests();
        Rendering.run(tmp, List.of("bash", "-euo", "pipefail", "-c", readmeBlock("queue-depth")));
        Rendering.run(tmp, List.of("bash", "-euo", "pipefail", "-c", readmeBlock("add-model")));

        Rendering r = Rendering.of(k8s.resolve("overlays/gpu"));

        assertThat(r.embedders()).hasSize(5);
        for (Map<String, Object> e : r.embedders()) {
            Map<String, Object> hpa = r.find("HorizontalPodAutoscaler", Yamls.name(e)).orElseThrow();
            Object metric = Yamls.list(Yamls.at(hpa, "spec", "metrics")).get(0);
            assertThat(Yamls.str(metric, "type")).as(Yamls.name(e)).isEqualTo("Pods");
            assertThat(Yamls.str(metric, "pods", "metric", "name")).isEqualTo("embedder_queue_depth");
        }
    }

    /** Every file under dir (relative path with '/') → its lines. */
    private static Map<String, List<String>> files(Path dir) throws IOException {
        Map<String, List<String>> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.filter(Files::isRegularFile).toList()) {
                out.put(dir.relativize(f).toString().replace('\\', '/'), Files.readAllLines(f));
            }
        }
        return out;
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
