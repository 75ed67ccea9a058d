package io.clirbench.k8s;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Namespace;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.strimzi.api.kafka.model.kafka.Kafka;
import io.strimzi.api.kafka.model.nodepool.KafkaNodePool;
import io.strimzi.api.kafka.model.topic.KafkaTopic;
import io.strimzi.api.kafka.model.user.KafkaUser;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.JacksonAnnotationIntrospector;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads every object of a rendering into its typed model, fabric8's Kubernetes model (8.0.0) for the built-in kinds and
 * Strimzi's API model for its custom resources, and reports each field the model does not have.
 *
 * <p>Both models keep unknown fields instead of refusing them: every class has an {@code additionalProperties} map
 * filled by a {@code @JsonAnySetter} (fabric8's generated POJOs, Strimzi's {@code UnknownPropertyPreserving}). This
 * mapper's introspector reports no any-setter on any class, so Jackson treats such a field as unknown and,
 * with {@code FAIL_ON_UNKNOWN_PROPERTIES}, refuses it with the path of the field; a value of the wrong type (a string
 * for an integer, a list for a map) is refused the same way. Kinds are looked up by apiVersion and kind: an object of a
 * kind in neither map is a problem, so a new kind cannot slip through unchecked.
 */
final class TypedManifests {

    /** apiVersion/kind → the model class that reads it. */
    static final Map<String, Class<?>> MODELS = Map.ofEntries(
            Map.entry("v1/Namespace", Namespace.class),
            Map.entry("v1/ConfigMap", ConfigMap.class),
            Map.entry("v1/Secret", Secret.class),
            Map.entry("v1/Service", Service.class),
            Map.entry("v1/ServiceAccount", ServiceAccount.class),
            Map.entry("v1/PersistentVolumeClaim", PersistentVolumeClaim.class),
            Map.entry("apps/v1/Deployment", Deployment.class),
            Map.entry("apps/v1/StatefulSet", StatefulSet.class),
            Map.entry("batch/v1/Job", Job.class),
            Map.entry("policy/v1/PodDisruptionBudget", PodDisruptionBudget.class),
            Map.entry("autoscaling/v2/HorizontalPodAutoscaler", HorizontalPodAutoscaler.class),
            Map.entry("networking.k8s.io/v1/NetworkPolicy", NetworkPolicy.class),
            Map.entry("kafka.strimzi.io/v1beta2/Kafka", Kafka.class),
            Map.entry("kafka.strimzi.io/v1beta2/KafkaNodePool", KafkaNodePool.class),
            Map.entry("kafka.strimzi.io/v1beta2/KafkaTopic", KafkaTopic.class),
            Map.entry("kafka.strimzi.io/v1beta2/KafkaUser", KafkaUser.class));

    /**
     * apiVersion/kind rendered without a typed model, each with the reason. Empty today: every kind the overlays and the
     * optional components render has a model above. A kind added here is still checked for apiVersion, kind and
     * metadata.name, nothing else.
     */
    static final Map<String, String> NOT_VALIDATED = Map.of();

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .annotationIntrospector(new NoAnySetter())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    private TypedManifests() {
    }

    /** The key of an object in {@link #MODELS}: "apps/v1/Deployment". */
    static String typeKey(Map<String, Object> object) {
        return object.get("apiVersion") + "/" + object.get("kind");
    }

    /** One line per field no model has, or per object whose kind has none; "where" names the rendering (its overlay). */
    static List<String> problems(Rendering r, String where) {
        List<String> problems = new ArrayList<>();
        for (Map<String, Object> object : r.objects()) {
            String key = typeKey(object);
            String what = where + ": " + object.get("kind") + "/" + Yamls.name(object) + " (" + object.get("apiVersion") + ")";
            Class<?> model = MODELS.get(key);
            if (model == null) {
                if (!NOT_VALIDATED.containsKey(key)) {
                    problems.add(what + ": no typed model for " + key + " and not listed in TypedManifests.NOT_VALIDATED");
                }
                continue;
            }
            try {
                MAPPER.convertValue(object, model);
            } catch (UnrecognizedPropertyException e) {
                problems.add(what + ": unknown field '" + path(e) + "' (" + e.getReferringClass().getSimpleName()
                        + " has no property '" + e.getPropertyName() + "')");
            } catch (JacksonException e) {
                problems.add(what + ": field '" + path(e) + "' does not fit " + model.getSimpleName() + ": "
                        + e.getOriginalMessage().lines().findFirst().orElse(""));
            }
        }
        return problems;
    }

    /** "spec.template.spec.containers[0].imagePullPolicy" from Jackson's reference chain. */
    static String path(JacksonException e) {
        StringBuilder out = new StringBuilder();
        for (JacksonException.Reference ref : e.getPath()) {
            if (ref.getPropertyName() != null) {
                out.append(out.isEmpty() ? "" : ".").append(ref.getPropertyName());
            } else if (ref.getIndex() >= 0) {
                out.append('[').append(ref.getIndex()).append(']');
            }
        }
        return out.toString();
    }

    /** Jackson's annotations, except that no class keeps unknown fields in an any-setter. */
    private static final class NoAnySetter extends JacksonAnnotationIntrospector {
        @Override
        public Boolean hasAnySetter(MapperConfig<?> config, Annotated a) {
            return Boolean.FALSE;
        }
    }
}
