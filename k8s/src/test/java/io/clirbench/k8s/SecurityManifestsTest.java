package io.clirbench.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each overlay keeps the security rules of SecurityInvariants, and the rules catch a rendering that breaks them. */
class SecurityManifestsTest {

    @ParameterizedTest
    @ValueSource(strings = {"local", "gpu", "large-corpus"})
    void everyOverlayKeepsTheSecurityRules(String overlay) {
        Rendering r = ManifestsTest.render(overlay);
        assertThat(SecurityInvariants.all(r, ManifestsTest.REPO)).isEmpty();
        assertThat(r.ofKind("KafkaUser")).extracting(Yamls::name).containsExactlyInAnyOrder("gateway", "eval-service");
        assertThat(r.ofKind("NetworkPolicy")).extracting(Yamls::name)
                .contains("gateway", "index-service", "embedders", "eval-service", "qdrant", "postgresql");
    }

    @Test
    void theDocumentedSecretHasTheTokens() throws Exception {
        List<String> keys = Files.readAllLines(ManifestsTest.MODULE.resolve("secrets.env.example")).stream()
                .filter(l -> l.contains("=") && !l.startsWith("#")).map(l -> l.substring(0, l.indexOf('='))).toList();
        assertThat(keys).contains("CLIRBENCH_RUNNER_TOKEN", "CLIRBENCH_READER_TOKEN", "CLIRBENCH_SERVICE_TOKEN");
    }

    @Test
    void theGatewayAnswersTheNamesItIsReachedBy() {
        Rendering r = ManifestsTest.render("local");
        Map<String, Object> gateway = r.find("Deployment", "gateway").orElseThrow();
        EffectiveConfig config = EffectiveConfig.of(r, gateway, Yamls.containers(gateway).get(0), ManifestsTest.REPO, "gateway");
        assertThat(List.of(config.get("clirbench.http.allowed-hosts").split(",")))
                .contains("gateway", "gateway.clirbench.svc", "gateway.clirbench.svc.cluster.local", "localhost");
    }

    @Test
    void theRulesCatchABrokenRendering() {
        Rendering r = ManifestsTest.render("local");
        // tokens: one missing, one as a literal
        Map<String, Object> index = r.find("Deployment", "index-service").orElseThrow();
        List<Object> indexEnv = Yamls.list(Yamls.containers(index).get(0).get("env"));
        indexEnv.removeIf(e -> "CLIRBENCH_SERVICE_TOKEN".equals(Yamls.str(e, "name")));
        Map<String, Object> eval = r.find("Deployment", "eval-service").orElseThrow();
        List<Object> evalEnv = Yamls.list(Yamls.containers(eval).get(0).get("env"));
        evalEnv.removeIf(e -> "CLIRBENCH_KAFKA_PASSWORD".equals(Yamls.str(e, "name")));
        // Kafka: a listener without authentication, the eval-service allowed to write runs.v1
        Map<String, Object> kafka = r.ofKind("Kafka").get(0);
        Yamls.map(Yamls.list(Yamls.at(kafka, "spec", "kafka", "listeners")).get(0)).remove("authentication");
        Map<String, Object> evalUser = r.find("KafkaUser", "eval-service").orElseThrow();
        List<Object> acls = new ArrayList<>(Yamls.list(Yamls.at(evalUser, "spec", "authorization", "acls")));
        acls.add(Map.of("resource", Map.of("type", "topic", "name", "runs.v1"), "operations", List.of("Write")));
        Yamls.map(Yamls.at(evalUser, "spec", "authorization")).put("acls", acls);
        // network: Qdrant's policy gone, PostgreSQL open to an IP block, the embedders to every pod
        r.objects().removeIf(o -> "NetworkPolicy".equals(o.get("kind")) && "qdrant".equals(Yamls.name(o)));
        Map<String, Object> pg = r.find("NetworkPolicy", "postgresql").orElseThrow();
        Yamls.list(Yamls.map(Yamls.list(Yamls.at(pg, "spec", "ingress")).get(0)).get("from")).add(Map.of("ipBlock", Map.of("cidr", "0.0.0.0/0")));
        Map<String, Object> embedders = r.find("NetworkPolicy", "embedders").orElseThrow();
        Yamls.map(Yamls.list(Yamls.at(embedders, "spec", "ingress")).get(0)).remove("from");
        // exposure: the eval-service on a NodePort
        Yamls.map(r.find("Service", "eval-service").orElseThrow().get("spec")).put("type", "NodePort");

        assertThat(String.join("\n", SecurityInvariants.all(r, ManifestsTest.REPO)))
                .contains("Deployment/index-service container index-service: env CLIRBENCH_SERVICE_TOKEN is not read from clirbench-secrets")
                .contains("Deployment/eval-service container eval-service: CLIRBENCH_KAFKA_PASSWORD is not the password of the Secret eval-service")
                .contains("Kafka clirbench listener plain: authentication null, not scram-sha-512 or tls")
                .contains("KafkaUser eval-service: ACLs lack [] and grant more: [topic:runs.v1:Write]")
                .contains("StatefulSet/qdrant: no NetworkPolicy selects its pods")
                .contains("StatefulSet/postgresql: NetworkPolicy postgresql admits {ipBlock={cidr=0.0.0.0/0}}")
                .contains("Deployment/embedder-all-minilm-l6-v2: NetworkPolicies admit [*], expected [gateway]")
                .contains("Service eval-service is of type NodePort");
    }
}
