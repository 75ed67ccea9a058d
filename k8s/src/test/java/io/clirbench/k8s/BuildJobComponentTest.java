package io.clirbench.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The optional build Job ({@code components/build-job}), enabled as k8s/README.md says on a copy of the manifests and
 * rendered with kustomize: the Job runs {@code bench build qac} with its journal on the volume, reads models.json
 * from the ConfigMap whose URLs name the vLLM Service's port, may call vLLM through its NetworkPolicy, and keeps the
 * security invariants.
 */
class BuildJobComponentTest {

    @TempDir
    Path tmp;

    @Test
    void theJobBuildsAgainstTheInClusterVllm() throws Exception {
        Path k8s = copyManifests();
        Rendering.run(tmp, List.of("bash", "-euo", "pipefail", "-c", AddModelTest.readmeBlock("build-job")));
        Rendering r = Rendering.of(k8s.resolve("overlays/gpu"));

        Map<String, Object> job = r.find("Job", "clirbench-build").orElseThrow();
        assertThat(Yamls.str(job, "metadata", "namespace")).isEqualTo("clirbench");
        Map<String, Object> container = Yamls.containers(job).get(0);
        assertThat(Yamls.str(container, "image")).isEqualTo("clirbench/cli:0.1.0");
        List<String> args = Yamls.list(container.get("args")).stream().map(String::valueOf).toList();
        assertThat(args.subList(0, 2)).containsExactly("build", "qac");
        assertThat(args).contains("--work=/data/work", "--out=/data/out", "--models=/config/models.json");
        Map<String, Object> pod = Yamls.podSpec(job);
        assertThat(Yamls.str(pod, "restartPolicy")).isEqualTo("Never");
        assertThat(Yamls.list(pod.get("volumes"))).anyMatch(v -> "clirbench-build".equals(Yamls.str(v, "persistentVolumeClaim", "claimName")));
        assertThat(r.find("PersistentVolumeClaim", "clirbench-build")).isPresent();

        // models.json, as mounted: the generator on the vLLM Service's port, the verifier another model on its own server
        String configMap = Yamls.list(pod.get("volumes")).stream().filter(v -> Yamls.str(v, "configMap", "name") != null)
                .map(v -> Yamls.str(v, "configMap", "name")).findFirst().orElseThrow();
        String modelsJson = Yamls.str(Yamls.map(r.find("ConfigMap", configMap).orElseThrow().get("data")), "models.json");
        JsonNode models = new ObjectMapper().readTree(modelsJson);
        assertThat(models.at("/generator/base_url").asText()).isEqualTo("http://vllm:8000/v1");
        assertThat(models.at("/verifier/base_url").asText()).isEqualTo("http://vllm-verifier:8000/v1");
        for (String role : List.of("generator", "verifier")) {
            assertThat(Targets.checkUrl(r, role + ".base_url", models.get(role).get("base_url").asText())).isEmpty();
        }
        // a separate verifier (bench build qac refuses the generator's model): another model name, served by a second
        // vLLM whose configuration names it, on a GPU of its own
        assertThat(models.at("/verifier/model").asText()).isNotEqualToIgnoringCase(models.at("/generator/model").asText());
        Map<String, Object> verifier = r.find("Deployment", "vllm-verifier").orElseThrow();
        String verifierConfig = String.valueOf(Yamls.list(Yamls.containers(verifier).get(0).get("envFrom")).get(0));
        Map<String, Object> verifierConfigMap = r.ofKind("ConfigMap").stream().filter(o -> true
                && verifierConfig.contains(Yamls.str(o, "metadata", "name"))).findFirst().orElseThrow();
        assertThat(Yamls.str(Yamls.map(verifierConfigMap.get("data")), "SERVED_MODEL_NAME")).isEqualTo(models.at("/verifier/model").asText());
        assertThat(String.valueOf(Yamls.at(verifier, "spec", "template", "spec", "containers"))).contains("nvidia.com/gpu=1");
        Map<String, Object> vllmConfig = r.ofKind("ConfigMap").stream().filter(o -> true
                && Yamls.str(o, "metadata", "name").startsWith("vllm-") && !Yamls.str(o, "metadata", "name").startsWith("vllm-verifier"))
                .findFirst().orElseThrow();
        assertThat(Yamls.str(Yamls.map(vllmConfig.get("data")), "SERVED_MODEL_NAME")).isEqualTo(models.at("/generator/model").asText());
        // only the build Job's pods may call the verifier server
        assertThat(String.valueOf(Yamls.at(r.find("NetworkPolicy", "vllm-verifier").orElseThrow(), "spec", "ingress")))
                .contains("clirbench-build").doesNotContain("gateway");
        assertThat(args).contains("--setup=mixed", "--min-languages=2").noneMatch(a -> a.startsWith("--allow-same-verifier"));
        // the key env it names comes from the Secret, optional
        Object key = Yamls.list(container.get("env")).stream().filter(e -> "QA_READER_API_KEY".equals(Yamls.str(e, "name"))).findFirst()
                .orElseThrow();
        assertThat(Yamls.str(key, "valueFrom", "secretKeyRef", "name")).isEqualTo("clirbench-secrets");
        assertThat(Yamls.str(key, "valueFrom", "secretKeyRef", "optional")).isEqualTo("true");

        // vLLM's NetworkPolicy lets the Job's pods in, beside the gateway's
        Map<String, Object> policy = r.find("NetworkPolicy", "vllm").orElseThrow();
        String from = String.valueOf(Yamls.at(policy, "spec", "ingress"));
        assertThat(from).contains("clirbench-build").contains("gateway");
        assertThat(SecurityInvariants.all(r, ManifestsTest.REPO)).isEmpty();
    }

    private Path copyManifests() throws IOException {
        Path target = Files.createDirectories(tmp.resolve("k8s"));
        Rendering.run(tmp, List.of("cp", "-r", ManifestsTest.MODULE.resolve("base").toString(),
                ManifestsTest.MODULE.resolve("components").toString(), ManifestsTest.MODULE.resolve("overlays").toString(),
                ManifestsTest.MODULE.resolve("secrets.env.example").toString(), target.toString()));
        return target;
    }
}
