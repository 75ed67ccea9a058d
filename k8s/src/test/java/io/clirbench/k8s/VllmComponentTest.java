package io.clirbench.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The optional vLLM component ({@code components/vllm}), enabled as the README says (its one line of the gpu
 * overlay uncommented, on a copy of the manifests) and rendered with kustomize: a pinned image, one GPU on a GPU
 * node, model and API key from configuration and the Secret, and the gateway's reader pointed at it.
 */
class VllmComponentTest {

    @TempDir
    Path tmp;

    @Test
    void theGpuOverlayDeploysNoReaderUnlessTheComponentIsEnabled() {
        Rendering r = ManifestsTest.render("gpu");
        assertThat(r.find("Deployment", "vllm")).isEmpty();
        assertThat(r.find("Service", "vllm")).isEmpty();
    }

    @Test
    void enabledItServesAPinnedVllmOnOneGpuAndTheGatewayReadsThroughIt() throws Exception {
        Path k8s = copyManifests();
        Rendering.run(tmp, List.of("bash", "-euo", "pipefail", "-c", AddModelTest.readmeBlock("vllm")));
        Rendering r = Rendering.of(k8s.resolve("overlays/gpu"));

        Map<String, Object> vllm = r.find("Deployment", "vllm").orElseThrow();
        assertThat(Yamls.str(vllm, "metadata", "namespace")).isEqualTo("clirbench");
        assertThat(Yamls.str(vllm, "spec", "replicas")).isEqualTo("1");
        assertThat(Yamls.str(vllm, "spec", "strategy", "type")).isEqualTo("Recreate");
        Map<String, Object> container = Yamls.containers(vllm).get(0);
        // pinned by version tag and by digest: vllm/vllm-openai:vX.Y.Z@sha256:<64 hex>
        assertThat(Yamls.str(container, "image")).matches("vllm/vllm-openai:v\\d+\\.\\d+\\.\\d+@sha256:[0-9a-f]{64}");
        // one whole GPU, requested as limited, on a GPU node (the embedders' node selector and toleration)
        assertThat(Yamls.str(container, "resources", "limits", "nvidia.com/gpu")).isEqualTo("1");
        assertThat(Yamls.str(container, "resources", "requests", "nvidia.com/gpu")).isEqualTo("1");
        Map<String, Object> pod = Yamls.podSpec(vllm);
        assertThat(Yamls.str(pod, "nodeSelector", "nvidia.com/gpu.present")).isEqualTo("true");
        assertThat(Yamls.list(pod.get("tolerations"))).anyMatch(t -> "nvidia.com/gpu".equals(Yamls.str(t, "key"))
                && "NoSchedule".equals(Yamls.str(t, "effect")));

        // the model and its limits are configuration: the ConfigMap the container reads, expanded into its arguments
        String configMap = Yamls.str(Yamls.list(container.get("envFrom")).get(0), "configMapRef", "name");
        Map<String, Object> config = Yamls.map(r.find("ConfigMap", configMap).orElseThrow().get("data"));
        assertThat(config).containsKeys("MODEL", "SERVED_MODEL_NAME", "MAX_MODEL_LEN", "GPU_MEMORY_UTILIZATION");
        assertThat(Yamls.list(container.get("args"))).map(String::valueOf).contains("--model=$(MODEL)",
                "--served-model-name=$(SERVED_MODEL_NAME)", "--port=8000");
        // the key the server demands is the Secret's QA_READER_API_KEY, the one the gateway sends
        assertThat(secretRef(container, "VLLM_API_KEY")).isEqualTo("clirbench-secrets/QA_READER_API_KEY");
        Map<String, Object> gateway = r.find("Deployment", "gateway").orElseThrow();
        Map<String, Object> gw = Yamls.containers(gateway).get(0);
        assertThat(secretRef(gw, "QA_READER_API_KEY")).isEqualTo("clirbench-secrets/QA_READER_API_KEY");

        // the gateway's reader URL, as its configuration resolves, is the vLLM Service's port, open on the pod
        EffectiveConfig effective = EffectiveConfig.of(r, gateway, gw, ManifestsTest.REPO, "gateway");
        String url = effective.get("qa.reader.base-url");
        assertThat(url).isEqualTo("http://vllm:8000/v1");
        assertThat(Targets.checkUrl(r, "qa.reader.base-url", url)).isEmpty();
        // and the model it names is the one the server serves (the same ConfigMap key)
        Object model = env(gw, "QA_READER_MODEL");
        assertThat(Yamls.str(model, "valueFrom", "configMapKeyRef", "name")).isEqualTo(configMap);
        assertThat(Yamls.str(model, "valueFrom", "configMapKeyRef", "key")).isEqualTo("SERVED_MODEL_NAME");

        // probes on vLLM's /health, with a startup allowance for the first model download
        for (String probe : List.of("startupProbe", "readinessProbe", "livenessProbe")) {
            assertThat(Yamls.str(container, probe, "httpGet", "path")).as(probe).isEqualTo("/health");
        }
        assertThat(ManifestsTest.allProblems(r, k8s)).isEmpty();
        // and it keeps the security invariants: only the gateway's pods may call vLLM (its NetworkPolicy)
        assertThat(SecurityInvariants.all(r, ManifestsTest.REPO)).isEmpty();
    }

    private static Object env(Map<String, Object> container, String name) {
        return Yamls.list(container.get("env")).stream().filter(e -> name.equals(Yamls.str(e, "name"))).findFirst().orElseThrow();
    }

    private static String secretRef(Map<String, Object> container, String name) {
        Object e = env(container, name);
        return Yamls.str(e, "valueFrom", "secretKeyRef", "name") + "/" + Yamls.str(e, "valueFrom", "secretKeyRef", "key");
    }

    /** base, components, overlays and secrets.env.example, copied to tmp/k8s (cp -r keeps the layout the README assumes). */
    private Path copyManifests() throws IOException {
        Path target = Files.createDirectories(tmp.resolve("k8s"));
        Rendering.run(tmp, List.of("cp", "-r", ManifestsTest.MODULE.resolve("base").toString(),
                ManifestsTest.MODULE.resolve("components").toString(), ManifestsTest.MODULE.resolve("overlays").toString(),
                ManifestsTest.MODULE.resolve("secrets.env.example").toString(), target.toString()));
        return target;
    }
}
