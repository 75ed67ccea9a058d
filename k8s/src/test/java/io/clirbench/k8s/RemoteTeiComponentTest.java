package io.clirbench.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The served-model example of the README ("A served model (TEI)"), run on a copy of the manifests and rendered with
 * kustomize: TEI on one GPU with its API key from the Secret, and an embedder in front of it without a GPU whose
 * card (a ConfigMap mounted where EMBEDDER_MODEL_CARD points) names TEI's Service and the variable holding the key.
 */
class RemoteTeiComponentTest {

    @TempDir
    Path tmp;

    @Test
    void theGpuOverlayDeploysNoTeiUnlessTheExampleIsApplied() {
        Rendering r = ManifestsTest.render("gpu");
        assertThat(r.find("Deployment", "tei")).isEmpty();
        assertThat(r.find("Deployment", "embedder-bge-m3-tei")).isEmpty();
    }

    @Test
    void teiHasTheGpuAndTheEmbedderInFrontReadsItsCardAndTokenFromConfiguration() throws Exception {
        Path k8s = copyManifests();
        Rendering.run(tmp, List.of("bash", "-euo", "pipefail", "-c", AddModelTest.readmeBlock("remote-model")));
        Rendering r = Rendering.of(k8s.resolve("overlays/gpu"));

        Map<String, Object> tei = r.find("Deployment", "tei").orElseThrow();
        Map<String, Object> server = Yamls.containers(tei).get(0);
        assertThat(Yamls.str(server, "image")).matches("ghcr.io/huggingface/text-embeddings-inference:[0-9a-z]+-\\d+\\.\\d+");
        assertThat(Yamls.str(server, "resources", "limits", "nvidia.com/gpu")).isEqualTo("1");
        assertThat(Yamls.str(Yamls.podSpec(tei), "nodeSelector", "nvidia.com/gpu.present")).isEqualTo("true");
        assertThat(Yamls.list(server.get("args"))).map(String::valueOf).contains("--api-key=$(TEI_API_KEY)", "--port=80");
        assertThat(secretRef(server, "TEI_API_KEY")).isEqualTo("clirbench-secrets/TEI_API_KEY");
        Map<String, Object> service = r.find("Service", "tei").orElseThrow();
        assertThat(Yamls.str(Yamls.list(Yamls.at(service, "spec", "ports")).get(0), "port")).isEqualTo("80");

        Map<String, Object> front = r.find("Deployment", "embedder-bge-m3-tei").orElseThrow();
        Map<String, Object> embedder = Yamls.containers(front).get(0);
        // the overlay's GPU patch skips it (label clirbench.io/encoder=remote); the built-in embedders keep their GPU
        assertThat(Yamls.at(embedder, "resources", "limits")).asString().doesNotContain("nvidia.com/gpu");
        Map<String, Object> local = r.find("Deployment", "embedder-all-minilm-l6-v2").orElseThrow();
        assertThat(Yamls.str(Yamls.containers(local).get(0), "resources", "limits", "nvidia.com/gpu")).isEqualTo("1");
        // the same Secret key on both sides
        assertThat(secretRef(embedder, "TEI_API_KEY")).isEqualTo("clirbench-secrets/TEI_API_KEY");

        // EMBEDDER_MODEL_CARD points into the mounted card ConfigMap
        String envConfig = Yamls.str(Yamls.list(embedder.get("envFrom")).get(0), "configMapRef", "name");
        String cardPath = Yamls.str(r.find("ConfigMap", envConfig).orElseThrow(), "data", "EMBEDDER_MODEL_CARD");
        Object mount = Yamls.list(embedder.get("volumeMounts")).stream().filter(m -> "card".equals(Yamls.str(m, "name")))
                .findFirst().orElseThrow();
        assertThat(cardPath).isEqualTo(Yamls.str(mount, "mountPath") + "/model.json");
        Object volume = Yamls.list(Yamls.podSpec(front).get("volumes")).stream().filter(v -> "card".equals(Yamls.str(v, "name")))
                .findFirst().orElseThrow();
        Map<String, Object> cardMap = r.find("ConfigMap", Yamls.str(volume, "configMap", "name")).orElseThrow();
        Map<String, Object> card = Yamls.map(new Yaml(new LoaderOptions()).load(Yamls.str(cardMap, "data", "model.json")));
        assertThat(Yamls.str(card, "kind")).isEqualTo("remote");
        // the card's id is the model label of the pods (the gateway goes by what Info reports: the card's id)
        assertThat(Yamls.str(card, "id")).isEqualTo(String.valueOf(Yamls.podLabels(front).get("clirbench.io/model")));
        // the card's endpoint is TEI's Service and port; its token variable is the one the pod gets from the Secret
        assertThat(Yamls.str(card, "endpoint", "url")).isEqualTo("http://" + Yamls.name(service) + ":80");
        assertThat(Yamls.str(card, "endpoint", "tokenEnv")).isEqualTo("TEI_API_KEY");

        assertThat(ManifestsTest.allProblems(r, k8s)).isEmpty();
        assertThat(SecurityInvariants.all(r, ManifestsTest.REPO)).isEmpty();
    }

    private static String secretRef(Map<String, Object> container, String name) {
        Object e = Yamls.list(container.get("env")).stream().filter(x -> name.equals(Yamls.str(x, "name"))).findFirst().orElseThrow();
        return Yamls.str(e, "valueFrom", "secretKeyRef", "name") + "/" + Yamls.str(e, "valueFrom", "secretKeyRef", "key");
    }

    /** base, components, overlays and secrets.env.example, copied to tmp/k8s (the layout the README assumes). */
    private Path copyManifests() throws IOException {
        Path target = Files.createDirectories(tmp.resolve("k8s"));
        Rendering.run(tmp, List.of("cp", "-r", ManifestsTest.MODULE.resolve("base").toString(),
                ManifestsTest.MODULE.resolve("components").toString(), ManifestsTest.MODULE.resolve("overlays").toString(),
                ManifestsTest.MODULE.resolve("secrets.env.example").toString(), target.toString()));
        return target;
    }
}
