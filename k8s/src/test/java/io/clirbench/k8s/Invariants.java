package io.clirbench.k8s;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/** The rules every rendering must keep; each check returns its problems (empty = fine), one line each. */
final class Invariants {

    /** Env var and config names that hold secrets. */
    static final Pattern SECRET_NAME = Pattern.compile("(?i).*(password|passwd|token|api[_-]?key|secret).*");

    private Invariants() {
    }

    static List<String> probesAndResources(Rendering r) {
        List<String> problems = new ArrayList<>();
        for (Map<String, Object> w : r.workloads()) {
            for (Map<String, Object> c : Yamls.containers(w)) {
                for (String probe : List.of("readinessProbe", "livenessProbe")) {
                    if (c.get(probe) == null) {
                        problems.add(Yamls.where(w, c) + ": no " + probe);
                    }
                }
                for (String kind : List.of("requests", "limits")) {
                    for (String resource : List.of("cpu", "memory")) {
                        if (Yamls.at(c, "resources", kind, resource) == null) {
                            problems.add(Yamls.where(w, c) + ": no resources." + kind + "." + resource);
                        }
                    }
                }
            }
        }
        return problems;
    }

    /** Every image has a tag other than latest, or a digest. */
    static List<String> pinnedImages(Rendering r) {
        List<String> problems = new ArrayList<>();
        for (Map<String, Object> w : r.workloads()) {
            for (String list : List.of("containers", "initContainers")) {
                for (Object c : Yamls.list(Yamls.podSpec(w).get(list))) {
                    String image = Yamls.str(c, "image");
                    String last = image == null ? "" : image.substring(image.lastIndexOf('/') + 1);
                    boolean digest = image != null && image.contains("@sha256:");
                    boolean tag = last.contains(":") && !last.endsWith(":latest");
                    if (!digest && !tag) {
                        problems.add(Yamls.where(w, Yamls.map(c)) + ": image '" + image + "' is not pinned (tag or digest, not latest)");
                    }
                }
            }
        }
        return problems;
    }

    /**
     * No Secret carries committed values, no secret-named env var has a literal value, every secretKeyRef
     * names a key of the documented secret (secrets.env.example) or the password of a KafkaUser of the
     * rendering (the Secret Strimzi's User Operator makes), and no ConfigMap holds a secret-named key.
     */
    static List<String> secrets(Rendering r, Path moduleDir) throws java.io.IOException {
        List<String> problems = new ArrayList<>();
        for (Map<String, Object> s : r.ofKind("Secret")) {
            if (s.get("data") != null || s.get("stringData") != null) {
                problems.add("Secret " + Yamls.name(s) + " has values in the rendering");
            }
        }
        List<String> documented = Files.readAllLines(moduleDir.resolve("secrets.env.example")).stream()
                .filter(l -> l.contains("=") && !l.startsWith("#")).map(l -> l.substring(0, l.indexOf('='))).toList();
        for (Map<String, Object> w : r.workloads()) {
            for (Map<String, Object> c : Yamls.containers(w)) {
                for (Object e : Yamls.list(c.get("env"))) {
                    String name = Yamls.str(e, "name");
                    if (SECRET_NAME.matcher(name).matches() && Yamls.map(e).containsKey("value")) {
                        problems.add(Yamls.where(w, c) + ": env " + name + " has a literal value");
                    }
                    String secret = Yamls.str(e, "valueFrom", "secretKeyRef", "name");
                    String key = Yamls.str(e, "valueFrom", "secretKeyRef", "key");
                    boolean kafkaUser = r.find("KafkaUser", String.valueOf(secret)).isPresent() && "password".equals(key);
                    if (secret != null && !kafkaUser && !("clirbench-secrets".equals(secret) && documented.contains(key))) {
                        problems.add(Yamls.where(w, c) + ": env " + name + " reads " + secret + "/" + key
                                + ", not a key of clirbench-secrets listed in secrets.env.example");
                    }
                }
            }
        }
        for (Map<String, Object> cm : r.ofKind("ConfigMap")) {
            for (var entry : Yamls.map(cm.get("data")).entrySet()) {
                String text = entry.getKey() + "\n" + entry.getValue();
                for (String line : text.split("\n")) {
                    String key = line.contains("=") ? line.substring(0, line.indexOf('=')).trim() : "";
                    if (key.matches("[%\\w.\"-]+") && SECRET_NAME.matcher(key).matches()) {
                        problems.add("ConfigMap " + Yamls.name(cm) + " sets " + key);
                    }
                }
            }
        }
        return problems;
    }

    /** The Maven module a container runs: the image's repository name (clirbench/gateway:0.1.0 → gateway). */
    static Optional<String> module(Map<String, Object> container) {
        String image = Yamls.str(container, "image");
        if (image == null || !image.contains("clirbench/")) {
            return Optional.empty();
        }
        String last = image.substring(image.lastIndexOf('/') + 1);
        return Optional.of(last.replaceAll("[:@].*$", ""));
    }

    /** Every client target in the resolved configuration of each clirbench service points at the rendering. */
    static List<String> clientTargets(Rendering r, Path repoDir) {
        List<String> problems = new ArrayList<>();
        for (Map<String, Object> w : r.workloads()) {
            for (Map<String, Object> c : Yamls.containers(w)) {
                Optional<String> module = module(c);
                if (module.isEmpty()) {
                    continue;
                }
                EffectiveConfig config = EffectiveConfig.of(r, w, c, repoDir, module.get());
                String who = w.get("kind") + "/" + Yamls.name(w) + " ";
                if (!"kubernetes".equals(config.profile())) {
                    problems.add(who + "runs profile '" + config.profile() + "', not kubernetes (QUARKUS_PROFILE)");
                }
                switch (module.get()) {
                    case "gateway" -> {
                        problems.addAll(Targets.checkHostPort(r, who + "gateway.index.target", config.get("gateway.index.target")));
                        problems.addAll(Targets.checkUrl(r, who + "gateway.eval.url", config.get("gateway.eval.url")));
                        problems.addAll(kafka(r, who, config));
                        problems.addAll(Targets.checkUrl(r, who + "pg url", config.get("quarkus.datasource.pg.jdbc.url")));
                        String discovery = config.get("gateway.encoders-discovery");
                        Map<String, String> configured = encoderEndpoints(r, w, c, config);
                        if (configured.isEmpty() && discovery == null) {
                            problems.add(who + "configures no encoder and no gateway.encoders-discovery");
                        }
                        problems.addAll(encoders(r, who, configured));
                        if (discovery != null) {
                            problems.addAll(discovery(r, who, discovery));
                        }
                    }
                    case "eval-service" -> {
                        problems.addAll(kafka(r, who, config));
                        problems.addAll(Targets.checkUrl(r, who + "pg url", config.get("quarkus.datasource.pg.jdbc.url")));
                    }
                    case "index-service" -> problems.addAll(Targets.check(r, who + "index.qdrant.host/port",
                            String.valueOf(config.get("index.qdrant.host")), Integer.parseInt(config.get("index.qdrant.port"))));
                    default -> {
                    }
                }
            }
        }
        return problems;
    }

    private static List<String> kafka(Rendering r, String who, EffectiveConfig config) {
        List<String> problems = new ArrayList<>();
        for (String server : config.get("kafka.bootstrap.servers").split(",")) {
            problems.addAll(Targets.checkHostPort(r, who + "kafka.bootstrap.servers", server.trim()));
        }
        return problems;
    }

    /**
     * The gateway's encoders as it reads them at start: gateway.encoders."<id>".endpoints from its
     * configuration, then the files of gateway.encoders-dir (the mounted ConfigMap's keys) on top.
     */
    static Map<String, String> encoderEndpoints(Rendering r, Map<String, Object> workload, Map<String, Object> container,
            EffectiveConfig config) {
        Map<String, String> out = new java.util.TreeMap<>();
        for (String model : config.mapKeys("gateway.encoders.", ".endpoints")) {
            out.put(model, config.get("gateway.encoders.\"" + model + "\".endpoints"));
        }
        out.putAll(EffectiveConfig.mountedConfigMap(r, workload, container, config.get("gateway.encoders-dir")));
        return out;
    }

    /**
     * gateway.encoders-discovery: a headless Service (one address per pod) on port 8080 that selects the
     * pods of every embedder Deployment and nothing else (each pod it returns is asked for embed.v1 Info).
     */
    static List<String> discovery(Rendering r, String who, String hostPort) {
        String what = who + "gateway.encoders-discovery";
        List<String> problems = new ArrayList<>(Targets.checkHostPort(r, what, hostPort));
        if (!problems.isEmpty()) {
            return problems;
        }
        if (!hostPort.endsWith(":8080")) {
            problems.add(what + " = " + hostPort + ": not the embedders' port 8080");
        }
        Map<String, Object> service = r.find("Service", hostPort.replaceAll(":\\d+$", "")).orElseThrow();
        if (!"None".equals(Yamls.str(service, "spec", "clusterIP"))) {
            problems.add(what + ": Service " + Yamls.name(service) + " is not headless");
        }
        Map<String, Object> selector = Yamls.map(Yamls.at(service, "spec", "selector"));
        for (Map<String, Object> e : r.embedders()) {
            if (!Yamls.podLabels(e).entrySet().containsAll(selector.entrySet())) {
                problems.add(what + ": Service " + Yamls.name(service) + " does not select Deployment/" + Yamls.name(e)
                        + " (selector " + selector + ")");
            }
        }
        for (Map<String, Object> w : r.workloads()) {
            if (!r.embedders().contains(w) && Yamls.podLabels(w).entrySet().containsAll(selector.entrySet())) {
                problems.add(what + ": Service " + Yamls.name(service) + " also selects " + w.get("kind") + "/"
                        + Yamls.name(w) + ", not an embedder");
            }
        }
        return problems;
    }

    /** Each configured encoder's endpoints: a headless Service selecting the embedder of that very model. */
    private static List<String> encoders(Rendering r, String who, Map<String, String> endpoints) {
        List<String> problems = new ArrayList<>();
        for (var e : endpoints.entrySet()) {
            String model = e.getKey();
            for (String endpoint : e.getValue().split(",")) {
                String what = who + "encoder " + model;
                List<String> found = Targets.checkHostPort(r, what, endpoint.trim());
                problems.addAll(found);
                if (found.isEmpty()) {
                    var service = r.find("Service", endpoint.trim().replaceAll(":\\d+$", "")).orElseThrow();
                    if (!"None".equals(Yamls.str(service, "spec", "clusterIP"))) {
                        problems.add(what + ": Service " + Yamls.name(service) + " is not headless");
                    }
                    if (!model.equals(Yamls.str(service, "spec", "selector", "clirbench.io/model"))) {
                        problems.add(what + ": Service " + Yamls.name(service) + " selects model "
                                + Yamls.str(service, "spec", "selector", "clirbench.io/model") + ", not " + model);
                    }
                }
            }
        }
        return problems;
    }
}
