package io.clirbench.k8s;

import io.clirbench.proto.Topics;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Renders each overlay with kubectl kustomize and checks the invariants of Invariants on it. */
class ManifestsTest {

    static final Path MODULE = Rendering.moduleDir();
    static final Path REPO = MODULE.getParent();

    static Rendering render(String overlay) {
        return Rendering.of(MODULE.resolve("overlays").resolve(overlay));
    }

    /** Every check of Invariants on one rendering; the problems, all at once. */
    static List<String> allProblems(Rendering r, Path moduleDir) throws Exception {
        List<String> problems = new ArrayList<>();
        problems.addAll(Invariants.probesAndResources(r));
        problems.addAll(Invariants.pinnedImages(r));
        problems.addAll(Invariants.secrets(r, moduleDir));
        problems.addAll(Invariants.clientTargets(r, REPO));
        problems.addAll(builtInCardsMatchTheirModel(r));
        // every object read into its typed model (fabric8, Strimzi): no unknown field, no kind without a model
        problems.addAll(TypedManifests.problems(r, "rendering"));
        return problems;
    }

    @ParameterizedTest
    @ValueSource(strings = {"local", "gpu"})
    void everyOverlayKeepsTheInvariants(String overlay) throws Exception {
        Rendering r = render(overlay);

        assertThat(allProblems(r, MODULE)).isEmpty();
        // what the rendering must hold at all
        assertThat(r.find("Deployment", "gateway")).isPresent();
        assertThat(r.find("StatefulSet", "qdrant")).isPresent();
        assertThat(r.find("StatefulSet", "postgresql")).isPresent();
        assertThat(r.ofKind("KafkaNodePool")).hasSize(1);
        assertThat(r.ofKind("KafkaTopic")).extracting(Yamls::name)
                .containsExactlyInAnyOrder("runs.v1", "query-results.v1", "runs.v1.dlt", "query-results.v1.dlt",
                        "agent-calls.v1", "agent-calls.v1.dlt", "qa-predictions.v1", "qa-predictions.v1.dlt");
        // and exactly the topics the services use (proto's Topics, which the local broker creates too)
        assertThat(r.ofKind("KafkaTopic")).extracting(Yamls::name).containsExactlyInAnyOrderElementsOf(Topics.ALL);
        // agent runs (MCP at /mcp, REST at /api/agent-runs) are served by the gateway through its one Service:
        // nothing else to deploy
        assertThat(r.find("Service", "gateway")).isPresent();
        assertThat(r.ofKind("Deployment")).extracting(Yamls::name).noneMatch(n -> n.contains("mcp") || n.contains("agent"));
        assertThat(r.embedders()).extracting(Yamls::name).containsExactlyInAnyOrder("embedder-all-minilm-l6-v2",
                "embedder-e5-small-v2-q", "embedder-bge-small-en-v1-5-q", "embedder-bge-small-zh-v1-5-q");
        for (Map<String, Object> e : r.embedders()) {
            assertThat(r.find("HorizontalPodAutoscaler", Yamls.name(e))).as("HPA of " + Yamls.name(e)).isPresent();
            assertThat(r.find("PodDisruptionBudget", Yamls.name(e))).as("PDB of " + Yamls.name(e)).isPresent();
            assertThat(r.find("Service", Yamls.name(e))).as("Service of " + Yamls.name(e)).isPresent();
        }
    }

    @Test
    void gpuEmbeddersRequestAGpuOnGpuNodesWithCuda() {
        for (Map<String, Object> e : render("gpu").embedders()) {
            Map<String, Object> c = Yamls.containers(e).get(0);
            assertThat(Yamls.str(c, "resources", "limits", "nvidia.com/gpu")).as(Yamls.name(e)).isEqualTo("1");
            assertThat(Yamls.str(c, "image")).as(Yamls.name(e)).endsWith("-gpu");
            assertThat(Yamls.list(c.get("env"))).as(Yamls.name(e)).contains(Map.of("name", "EMBEDDER_DEVICE", "value", "cuda"));
            assertThat(Yamls.map(Yamls.podSpec(e).get("nodeSelector"))).as(Yamls.name(e)).containsEntry("nvidia.com/gpu.present", "true");
            assertThat(Yamls.list(Yamls.podSpec(e).get("tolerations"))).as(Yamls.name(e))
                    .anyMatch(t -> "nvidia.com/gpu".equals(Yamls.str(t, "key")));
        }
        for (Map<String, Object> e : render("local").embedders()) {
            assertThat(Yamls.at(Yamls.containers(e).get(0), "resources", "limits", "nvidia.com/gpu")).isNull();
            assertThat(Yamls.str(Yamls.at(e, "spec"), "replicas")).isEqualTo("1");
        }
    }

    @Test
    void theChecksCatchABrokenRendering() throws Exception {
        // an independent path: break a rendering by hand and expect each check to say so
        Rendering r = render("local");
        Map<String, Object> gateway = r.find("Deployment", "gateway").orElseThrow();
        Map<String, Object> c = Yamls.containers(gateway).get(0);
        c.remove("readinessProbe");
        c.put("image", "clirbench/gateway:latest");
        Yamls.list(c.get("env")).add(Map.of("name", "API_TOKEN", "value", "s3cret"));
        Yamls.list(c.get("env")).add(Map.of("name", "GATEWAY_INDEX_TARGET", "value", "index:8082"));
        Map<String, Object> embedders = r.find("Service", "embedders").orElseThrow();
        Yamls.map(embedders.get("spec")).remove("clusterIP");
        Yamls.map(Yamls.at(embedders, "spec", "selector")).put("clirbench.io/model", "all-minilm-l6-v2");
        assertThat(String.join("\n", allProblems(r, MODULE)))
                .contains("Deployment/gateway container gateway: no readinessProbe")
                .contains("image 'clirbench/gateway:latest' is not pinned")
                .contains("env API_TOKEN has a literal value")
                .contains("gateway.index.target = index:8082: no Service 'index'")
                .contains("gateway.encoders-discovery: Service embedders is not headless")
                .contains("gateway.encoders-discovery: Service embedders does not select Deployment/embedder-e5-small-v2-q")
                .doesNotContain("does not select Deployment/embedder-all-minilm-l6-v2");
        // and a discovery name that is no Service of the rendering
        Yamls.list(c.get("env")).add(Map.of("name", "GATEWAY_ENCODERS_DISCOVERY", "value", "embedder:8080"));
        assertThat(String.join("\n", allProblems(r, MODULE)))
                .contains("gateway.encoders-discovery = embedder:8080: no Service 'embedder'");
    }

    /** An embedder with a built-in card serves the model its label and Service name promise. */
    static List<String> builtInCardsMatchTheirModel(Rendering r) throws Exception {
        List<String> problems = new ArrayList<>();
        for (Map<String, Object> e : r.embedders()) {
            EffectiveConfig config = EffectiveConfig.of(r, e, Yamls.containers(e).get(0), REPO, "embedder-service");
            String card = config.get("embedder.model-card");
            String model = Yamls.str(Yamls.podLabels(e), "clirbench.io/model");
            if (card.startsWith("classpath:")) {
                Path file = REPO.resolve("encoders/src/main/resources").resolve(card.substring("classpath:".length()));
                String id = Files.exists(file) ? new ObjectMapper().readTree(file.toFile()).path("id").asText() : null;
                if (!model.equals(id)) {
                    problems.add("Deployment/" + Yamls.name(e) + ": card " + card + " has id " + id + ", label says " + model);
                }
            }
        }
        return problems;
    }
}
