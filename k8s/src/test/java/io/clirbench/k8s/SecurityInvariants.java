package io.clirbench.k8s;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * The security rules of a rendering (issue 12), each returning its problems: tokens from the Secret,
 * Kafka with authentication, one KafkaUser per client with the ACLs its channels need, and
 * NetworkPolicies that let each internal service take only the pods that call it.
 */
final class SecurityInvariants {

    /**
     * Who calls whom (ARCHITECTURE.md "Data flow of one run"): the pods (app.kubernetes.io/name) each
     * internal service must admit, and nothing else. Kafka's admitted pods are its listener's networkPolicyPeers.
     */
    static final Map<String, Set<String>> CALLERS = Map.of(
            "index-service", Set.of("gateway"),
            "embedder", Set.of("gateway"),
            "eval-service", Set.of("gateway"),
            "qdrant", Set.of("index-service"),
            "postgresql", Set.of("gateway", "eval-service"),
            "kafka", Set.of("gateway", "eval-service"),
            "vllm", Set.of("gateway"), // the optional vLLM component (components/vllm)
            "vllm-verifier", Set.of("clirbench-build"), // the build Job's separate verifier model (components/build-job)
            "tei", Set.of("embedder")); // the optional TEI component (components/tei): the embedder in front of it

    /** Tokens each service needs, by the Maven module its image is built from. */
    static final Map<String, List<String>> TOKENS = Map.of(
            "gateway", List.of("CLIRBENCH_RUNNER_TOKEN", "CLIRBENCH_READER_TOKEN", "CLIRBENCH_SERVICE_TOKEN"),
            "eval-service", List.of("CLIRBENCH_SERVICE_TOKEN"),
            "index-service", List.of("CLIRBENCH_SERVICE_TOKEN"),
            "embedder-service", List.of("CLIRBENCH_SERVICE_TOKEN"));

    private SecurityInvariants() {
    }

    static List<String> all(Rendering r, Path repo) {
        List<String> problems = new ArrayList<>();
        problems.addAll(tokens(r, repo));
        problems.addAll(kafkaAuthentication(r));
        problems.addAll(kafkaUsers(r, repo));
        problems.addAll(networkPolicies(r));
        problems.addAll(onlyTheGatewayIsExposed(r));
        return problems;
    }

    /** Every clirbench service reads its tokens from clirbench-secrets (the key of the same name); the service token reaches its config. */
    static List<String> tokens(Rendering r, Path repo) {
        List<String> problems = new ArrayList<>();
        for (Map<String, Object> w : r.workloads()) {
            for (Map<String, Object> c : Yamls.containers(w)) {
                String module = Invariants.module(c).orElse("");
                for (String token : TOKENS.getOrDefault(module, List.of())) {
                    Map<String, Object> env = env(c, token);
                    if (!"clirbench-secrets".equals(Yamls.str(env, "valueFrom", "secretKeyRef", "name"))
                            || !token.equals(Yamls.str(env, "valueFrom", "secretKeyRef", "key"))) {
                        problems.add(Yamls.where(w, c) + ": env " + token + " is not read from clirbench-secrets/" + token);
                    }
                }
                if (TOKENS.containsKey(module)) {
                    String configured = EffectiveConfig.of(r, w, c, repo, module).get("clirbench.auth.service-token");
                    if (configured != null && !configured.contains("clirbench-secrets")) {
                        problems.add(Yamls.where(w, c) + ": clirbench.auth.service-token is '" + configured + "', not the Secret's");
                    }
                }
            }
        }
        return problems;
    }

    /** Every Kafka listener authenticates (SCRAM or TLS), is internal, and ACLs are enforced; the User Operator runs. */
    static List<String> kafkaAuthentication(Rendering r) {
        List<String> problems = new ArrayList<>();
        for (Map<String, Object> kafka : r.ofKind("Kafka")) {
            String who = "Kafka " + Yamls.name(kafka);
            for (Object l : Yamls.list(Yamls.at(kafka, "spec", "kafka", "listeners"))) {
                String type = Yamls.str(l, "authentication", "type");
                if (!"scram-sha-512".equals(type) && !"tls".equals(type)) {
                    problems.add(who + " listener " + Yamls.str(l, "name") + ": authentication " + type + ", not scram-sha-512 or tls");
                }
                if (!"internal".equals(Yamls.str(l, "type"))) {
                    problems.add(who + " listener " + Yamls.str(l, "name") + " is of type " + Yamls.str(l, "type") + ", not internal");
                }
                Set<String> peers = new TreeSet<>();
                for (Object peer : Yamls.list(Yamls.map(l).get("networkPolicyPeers"))) {
                    peers.add(peerApp(peer));
                }
                if (!peers.equals(new TreeSet<>(CALLERS.get("kafka")))) {
                    problems.add(who + " listener " + Yamls.str(l, "name") + " admits " + peers + ", not " + new TreeSet<>(CALLERS.get("kafka")));
                }
            }
            if (!"simple".equals(Yamls.str(kafka, "spec", "kafka", "authorization", "type"))) {
                problems.add(who + ": authorization is not simple (ACLs would not be enforced)");
            }
            if (Yamls.at(kafka, "spec", "entityOperator", "userOperator") == null) {
                problems.add(who + ": no userOperator (KafkaUsers would get no credentials)");
            }
        }
        return problems;
    }

    /**
     * The gateway and the eval-service log in as their own KafkaUser with SCRAM-SHA-512, the password
     * from that user's Secret; the gateway may write the topics the eval-service consumes, the
     * eval-service may read them in its group and write the topics it produces (the dead letters), and neither more.
     */
    static List<String> kafkaUsers(Rendering r, Path repo) {
        List<String> problems = new ArrayList<>();
        Properties eval = properties(repo.resolve("eval-service/src/main/resources/application.properties"));
        Set<String> consumed = channelValues(eval, "mp.messaging.incoming.", ".topic");
        Set<String> produced = channelValues(eval, "mp.messaging.outgoing.", ".topic");
        Set<String> groups = channelValues(eval, "mp.messaging.incoming.", ".group.id");
        Map<String, Set<String>> wanted = Map.of(
                "gateway", prefixed("topic:", consumed, "Write", "Describe"),
                "eval-service", union(prefixed("topic:", consumed, "Read", "Describe"), prefixed("topic:", produced, "Write", "Describe"),
                        prefixed("group:", groups, "Read", "Describe")));
        for (Map<String, Object> w : r.workloads()) {
            for (Map<String, Object> c : Yamls.containers(w)) {
                String module = Invariants.module(c).orElse("");
                if (!wanted.containsKey(module)) {
                    continue;
                }
                String where = Yamls.where(w, c);
                String user = Yamls.str(env(c, "CLIRBENCH_KAFKA_USER"), "value");
                Map<String, Object> kafkaUser = r.find("KafkaUser", String.valueOf(user)).orElse(null);
                if (kafkaUser == null) {
                    problems.add(where + ": CLIRBENCH_KAFKA_USER " + user + " is no KafkaUser of the rendering");
                    continue;
                }
                Map<String, Object> password = env(c, "CLIRBENCH_KAFKA_PASSWORD");
                if (!user.equals(Yamls.str(password, "valueFrom", "secretKeyRef", "name"))
                        || !"password".equals(Yamls.str(password, "valueFrom", "secretKeyRef", "key"))) {
                    problems.add(where + ": CLIRBENCH_KAFKA_PASSWORD is not the password of the Secret " + user);
                }
                if (!"scram-sha-512".equals(Yamls.str(kafkaUser, "spec", "authentication", "type"))) {
                    problems.add("KafkaUser " + user + ": authentication is not scram-sha-512");
                }
                EffectiveConfig config = EffectiveConfig.of(r, w, c, repo, module);
                if (!"SCRAM-SHA-512".equals(config.get("kafka.sasl.mechanism"))
                        || !"SASL_PLAINTEXT".equals(config.get("kafka.security.protocol"))) {
                    problems.add(where + ": kafka.sasl.mechanism " + config.get("kafka.sasl.mechanism") + " / kafka.security.protocol "
                            + config.get("kafka.security.protocol") + ", not SCRAM-SHA-512 / SASL_PLAINTEXT");
                }
                String jaas = String.valueOf(config.get("kafka.sasl.jaas.config"));
                if (!jaas.contains("ScramLoginModule") || !jaas.contains("username=\"" + user + "\"")) {
                    problems.add(where + ": kafka.sasl.jaas.config does not log in as " + user + " with SCRAM: " + jaas);
                }
                Set<String> granted = granted(kafkaUser);
                Set<String> missing = new TreeSet<>(wanted.get(module));
                missing.removeAll(granted);
                Set<String> extra = new TreeSet<>(granted);
                extra.removeAll(wanted.get(module));
                extra.remove("cluster:IdempotentWrite");
                if (!missing.isEmpty() || !extra.isEmpty()) {
                    problems.add("KafkaUser " + user + ": ACLs lack " + missing + " and grant more: " + extra);
                }
            }
        }
        return problems;
    }

    /**
     * Every workload but the gateway (and Strimzi's own pods, whose policy Strimzi writes) is selected by
     * a NetworkPolicy admitting only the pods of {@link #CALLERS}, by pod selector (no IP blocks, no
     * namespace selectors, no rule open to all), on ports its containers have; the gateway admits anyone.
     */
    static List<String> networkPolicies(Rendering r) {
        List<String> problems = new ArrayList<>();
        for (Map<String, Object> w : r.workloads()) {
            String app = Yamls.str(Yamls.podLabels(w), "app.kubernetes.io/name");
            String who = w.get("kind") + "/" + Yamls.name(w);
            List<Map<String, Object>> policies = r.ofKind("NetworkPolicy").stream()
                    .filter(p -> Yamls.podLabels(w).entrySet().containsAll(Yamls.map(Yamls.at(p, "spec", "podSelector", "matchLabels")).entrySet()))
                    .filter(p -> Yamls.list(Yamls.at(p, "spec", "policyTypes")).contains("Ingress")).toList();
            if (policies.isEmpty()) {
                problems.add(who + ": no NetworkPolicy selects its pods: it takes callers from anywhere");
                continue;
            }
            Set<String> admitted = new TreeSet<>();
            for (Map<String, Object> p : policies) {
                for (Object rule : Yamls.list(Yamls.at(p, "spec", "ingress"))) {
                    List<Object> from = Yamls.list(Yamls.map(rule).get("from"));
                    if (from.isEmpty()) {
                        admitted.add("*");
                    }
                    for (Object peer : from) {
                        if (Yamls.map(peer).containsKey("ipBlock") || Yamls.map(peer).containsKey("namespaceSelector")) {
                            problems.add(who + ": NetworkPolicy " + Yamls.name(p) + " admits " + peer + " (not a pod of this namespace)");
                        }
                        admitted.add(peerApp(peer));
                    }
                    for (Object port : Yamls.list(Yamls.map(rule).get("ports"))) {
                        String name = Yamls.str(port, "port");
                        boolean exists = Yamls.containers(w).stream().flatMap(c -> Yamls.list(c.get("ports")).stream())
                                .anyMatch(cp -> Objects.equals(name, Yamls.str(cp, "name")) || Objects.equals(name, Yamls.str(cp, "containerPort")));
                        if (!exists) {
                            problems.add(who + ": NetworkPolicy " + Yamls.name(p) + " opens port " + name + ", which its containers do not have");
                        }
                    }
                }
            }
            Set<String> expected = new TreeSet<>("gateway".equals(app) ? Set.of("*") : CALLERS.getOrDefault(app, Set.of()));
            if ("vllm".equals(app) && r.find("Job", "clirbench-build").isPresent()) {
                expected.add("clirbench-build"); // the optional build Job (components/build-job) calls vLLM too
            }
            if ("qdrant".equals(app) && qdrantCluster(w)) {
                expected.add("qdrant"); // distributed Qdrant (overlays/large-corpus): the peers call each other on p2p
            }
            if (!admitted.equals(new TreeSet<>(expected))) {
                problems.add(who + ": NetworkPolicies admit " + admitted + ", expected " + new TreeSet<>(expected));
            }
        }
        return problems;
    }

    /** A Qdrant workload started in distributed mode (QDRANT__CLUSTER__ENABLED=true). */
    static boolean qdrantCluster(Map<String, Object> workload) {
        return Yamls.containers(workload).stream().flatMap(c -> Yamls.list(c.get("env")).stream())
                .anyMatch(e -> "QDRANT__CLUSTER__ENABLED".equals(Yamls.str(e, "name")) && "true".equals(Yamls.str(e, "value")));
    }

    /** No Service but the gateway's is reachable from outside the cluster (NodePort, LoadBalancer, Ingress). */
    static List<String> onlyTheGatewayIsExposed(Rendering r) {
        List<String> problems = new ArrayList<>();
        for (Map<String, Object> s : r.ofKind("Service")) {
            String type = Yamls.str(s, "spec", "type");
            if (type != null && !"ClusterIP".equals(type) && !"gateway".equals(Yamls.name(s))) {
                problems.add("Service " + Yamls.name(s) + " is of type " + type + ": only the gateway may be exposed");
            }
        }
        for (Map<String, Object> i : r.ofKind("Ingress")) {
            String text = String.valueOf(i.get("spec"));
            if (text.replaceAll("name=gateway[,}]", "").contains("name=")) {
                problems.add("Ingress " + Yamls.name(i) + " routes to a Service other than the gateway");
            }
        }
        return problems;
    }

    /** A peer's app.kubernetes.io/name, "*" for a peer selecting every pod. */
    private static String peerApp(Object peer) {
        Map<String, Object> labels = Yamls.map(Yamls.at(peer, "podSelector", "matchLabels"));
        Object app = labels.get("app.kubernetes.io/name");
        return app == null ? "*" : app.toString();
    }

    private static Map<String, Object> env(Map<String, Object> container, String name) {
        return Yamls.list(container.get("env")).stream().map(Yamls::map).filter(e -> name.equals(e.get("name")))
                .findFirst().orElse(Map.of());
    }

    /** "topic:runs.v1:Write", ... for every ACL of a KafkaUser. */
    private static Set<String> granted(Map<String, Object> user) {
        Set<String> out = new TreeSet<>();
        for (Object acl : Yamls.list(Yamls.at(user, "spec", "authorization", "acls"))) {
            String resource = Yamls.str(acl, "resource", "type");
            String name = Yamls.str(acl, "resource", "name");
            for (Object op : Yamls.list(Yamls.map(acl).get("operations"))) {
                out.add(resource + (name == null ? "" : ":" + name) + ":" + op);
            }
        }
        return out;
    }

    private static Set<String> prefixed(String prefix, Set<String> names, String... operations) {
        Set<String> out = new TreeSet<>();
        for (String n : names) {
            for (String op : operations) {
                out.add(prefix + n + ":" + op);
            }
        }
        return out;
    }

    @SafeVarargs
    private static Set<String> union(Set<String>... sets) {
        Set<String> out = new TreeSet<>();
        for (Set<String> s : sets) {
            out.addAll(s);
        }
        return out;
    }

    /** The values of every "PREFIX<channel>SUFFIX" key (profile-free). */
    private static Set<String> channelValues(Properties p, String prefix, String suffix) {
        Set<String> out = new TreeSet<>();
        for (String key : p.stringPropertyNames()) {
            if (key.startsWith(prefix) && key.endsWith(suffix) && key.substring(prefix.length()).indexOf('.') == key.length() - prefix.length() - suffix.length()) {
                out.add(p.getProperty(key).trim());
            }
        }
        return out;
    }

    private static Properties properties(Path file) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(Files.readString(file)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }
}
