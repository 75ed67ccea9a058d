package io.clirbench.k8s;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Checks that a host:port a service is configured with is a Service of the rendering, with that port,
 * whose target port is a container port of a workload the Service selects. Strimzi's operator makes
 * the Service "NAME-kafka-bootstrap" of a Kafka resource NAME with the ports of its listeners.
 */
final class Targets {

    private Targets() {
    }

    /** Problems with one target, empty when it resolves; "what" names the setting for messages. */
    static List<String> check(Rendering r, String what, String host, int port) {
        List<String> problems = new ArrayList<>();
        for (Map<String, Object> kafka : r.ofKind("Kafka")) {
            if (host.equals(Yamls.name(kafka) + "-kafka-bootstrap")) {
                boolean listener = Yamls.list(Yamls.at(kafka, "spec", "kafka", "listeners")).stream()
                        .anyMatch(l -> Objects.equals(Yamls.str(l, "port"), String.valueOf(port)));
                if (!listener) {
                    problems.add(what + " = " + host + ":" + port + ": Kafka " + Yamls.name(kafka) + " has no listener on " + port);
                }
                return problems;
            }
        }
        var service = r.find("Service", host);
        if (service.isEmpty()) {
            problems.add(what + " = " + host + ":" + port + ": no Service '" + host + "' in the rendering");
            return problems;
        }
        Map<String, Object> svcPort = Yamls.list(Yamls.at(service.get(), "spec", "ports")).stream().map(Yamls::map)
                .filter(p -> String.valueOf(port).equals(String.valueOf(p.get("port")))).findFirst().orElse(null);
        if (svcPort == null) {
            problems.add(what + " = " + host + ":" + port + ": Service '" + host + "' has no port " + port);
            return problems;
        }
        Map<String, Object> selector = Yamls.map(Yamls.at(service.get(), "spec", "selector"));
        List<Map<String, Object>> selected = r.workloads().stream()
                .filter(w -> Yamls.podLabels(w).entrySet().containsAll(selector.entrySet())).toList();
        if (selector.isEmpty() || selected.isEmpty()) {
            problems.add(what + ": Service '" + host + "' selects no Deployment or StatefulSet (selector " + selector + ")");
            return problems;
        }
        String target = String.valueOf(svcPort.getOrDefault("targetPort", port));
        for (Map<String, Object> w : selected) {
            boolean open = Yamls.containers(w).stream().flatMap(c -> Yamls.list(c.get("ports")).stream())
                    .anyMatch(p -> target.equals(Yamls.str(p, "name")) || target.equals(Yamls.str(p, "containerPort")));
            if (!open) {
                problems.add(what + ": Service '" + host + "' port " + port + " targets '" + target + "', which "
                        + w.get("kind") + "/" + Yamls.name(w) + " does not expose");
            }
        }
        return problems;
    }

    /** "host:port" → check. */
    static List<String> checkHostPort(Rendering r, String what, String hostPort) {
        if (hostPort == null || !hostPort.matches("[a-z0-9.-]+:\\d+")) {
            return List.of(what + " = '" + hostPort + "' is not host:port");
        }
        int colon = hostPort.lastIndexOf(':');
        return check(r, what, hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }

    /** "scheme://host:port/..." (http or jdbc:postgresql) → check. */
    static List<String> checkUrl(Rendering r, String what, String url) {
        var m = java.util.regex.Pattern.compile("^(?:jdbc:)?[a-z]+://([a-z0-9.-]+):(\\d+)(/.*)?$").matcher(
                url == null ? "" : url);
        if (!m.matches()) {
            return List.of(what + " = '" + url + "' is not a URL with host and port");
        }
        return check(r, what, m.group(1), Integer.parseInt(m.group(2)));
    }
}
