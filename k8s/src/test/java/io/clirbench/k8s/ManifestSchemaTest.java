package io.clirbench.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every object of every overlay read into its typed model (fabric8's Kubernetes model, Strimzi's API model; {@link
 * TypedManifests}): a field the model does not have, or a kind without a model, fails the overlay. The optional
 * components are read the same way through {@link ManifestsTest#allProblems} in their own tests.
 */
class ManifestSchemaTest {

    @ParameterizedTest
    @ValueSource(strings = {"local", "gpu", "large-corpus"})
    void everyObjectOfEveryOverlayFitsItsTypedModel(String overlay) {
        Rendering r = ManifestsTest.render(overlay);

        assertThat(TypedManifests.problems(r, "overlays/" + overlay)).isEmpty();
        // every object was read by a model, none skipped (NOT_VALIDATED is empty)
        assertThat(r.objects()).allMatch(o -> TypedManifests.MODELS.containsKey(TypedManifests.typeKey(o)));
    }

    @Test
    void theOverlaysRenderOnlyKindsThatHaveAModelOrAReason() {
        TreeSet<String> rendered = new TreeSet<>();
        for (String overlay : List.of("local", "gpu", "large-corpus")) {
            ManifestsTest.render(overlay).objects().forEach(o -> rendered.add(TypedManifests.typeKey(o)));
        }
        // the kinds written in k8s/ today (base, components, overlays), read off the files by hand
        assertThat(rendered).containsExactlyInAnyOrder("v1/Namespace", "v1/ConfigMap", "v1/Service",
                "v1/PersistentVolumeClaim", "apps/v1/Deployment", "apps/v1/StatefulSet", "policy/v1/PodDisruptionBudget",
                "autoscaling/v2/HorizontalPodAutoscaler", "networking.k8s.io/v1/NetworkPolicy",
                "kafka.strimzi.io/v1beta2/Kafka", "kafka.strimzi.io/v1beta2/KafkaNodePool",
                "kafka.strimzi.io/v1beta2/KafkaTopic", "kafka.strimzi.io/v1beta2/KafkaUser");
        assertThat(TypedManifests.NOT_VALIDATED.keySet()).doesNotContainAnyElementsOf(TypedManifests.MODELS.keySet());
    }

    @Test
    void aMisspeltFieldIsRefusedWithItsPath() {
        Rendering r = ManifestsTest.render("local");
        // a pod spec's containers misspelt, as a hand-written patch might
        Map<String, Object> podSpec = Yamls.podSpec(r.find("Deployment", "gateway").orElseThrow());
        podSpec.put("contianers", podSpec.remove("containers"));
        // a misspelt field deep in a container, in a list
        Map<String, Object> qdrant = Yamls.containers(r.find("StatefulSet", "qdrant").orElseThrow()).get(0);
        Yamls.map(Yamls.list(qdrant.get("ports")).get(0)).put("containerPorts", 6333);
        // Strimzi's model: a KafkaTopic with its partitions misspelt, a listener with a misspelt type
        Map<String, Object> topic = r.find("KafkaTopic", "runs.v1").orElseThrow();
        Yamls.map(topic.get("spec")).put("partitons", 3);
        Map<String, Object> kafka = r.ofKind("Kafka").get(0);
        Yamls.map(Yamls.list(Yamls.at(kafka, "spec", "kafka", "listeners")).get(0)).put("tpye", "internal");
        // metadata (ObjectMeta) is typed too
        Yamls.map(r.find("Service", "gateway").orElseThrow().get("metadata")).put("lables", Map.of("a", "b"));

        assertThat(String.join("\n", TypedManifests.problems(r, "overlays/local")))
                .contains("overlays/local: Deployment/gateway (apps/v1): unknown field 'spec.template.spec.contianers'"
                        + " (PodSpec has no property 'contianers')")
                .contains("overlays/local: StatefulSet/qdrant (apps/v1): unknown field "
                        + "'spec.template.spec.containers[0].ports[0].containerPorts' (ContainerPort has no property 'containerPorts')")
                .contains("overlays/local: KafkaTopic/runs.v1 (kafka.strimzi.io/v1beta2): unknown field 'spec.partitons'"
                        + " (KafkaTopicSpec has no property 'partitons')")
                .contains("overlays/local: Kafka/clirbench (kafka.strimzi.io/v1beta2): unknown field "
                        + "'spec.kafka.listeners[0].tpye'")
                .contains("overlays/local: Service/gateway (v1): unknown field 'metadata.lables' (ObjectMeta has no property 'lables')");
        assertThat(TypedManifests.problems(r, "overlays/local")).hasSize(5);
    }

    @Test
    void aValueOfTheWrongTypeAndAnUnknownKindAreRefused() {
        Rendering r = ManifestsTest.render("local");
        Yamls.map(r.find("Deployment", "eval-service").orElseThrow().get("spec")).put("replicas", "three");
        // a kind no model reads (KEDA's ScaledObject) and a known kind under an apiVersion it is not read as
        r.objects().add(Map.of("apiVersion", "keda.sh/v1alpha1", "kind", "ScaledObject",
                "metadata", Map.of("name", "embedder-e5"), "spec", Map.of()));
        r.objects().add(Map.of("apiVersion", "autoscaling/v1", "kind", "HorizontalPodAutoscaler",
                "metadata", Map.of("name", "old"), "spec", Map.of()));

        assertThat(String.join("\n", TypedManifests.problems(r, "overlays/local")))
                .contains("overlays/local: Deployment/eval-service (apps/v1): field 'spec.replicas' does not fit Deployment")
                .contains("overlays/local: ScaledObject/embedder-e5 (keda.sh/v1alpha1): no typed model for "
                        + "keda.sh/v1alpha1/ScaledObject and not listed in TypedManifests.NOT_VALIDATED")
                .contains("overlays/local: HorizontalPodAutoscaler/old (autoscaling/v1): no typed model for "
                        + "autoscaling/v1/HorizontalPodAutoscaler");
    }
}
