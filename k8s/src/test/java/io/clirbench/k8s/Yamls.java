package io.clirbench.k8s;

import java.util.List;
import java.util.Map;

/** Navigation in the maps and lists SnakeYAML returns (absent = empty map, empty list or null). */
final class Yamls {

    private Yamls() {
    }

    @SuppressWarnings("unchecked")
    static Map<String, Object> map(Object o) {
        return o instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
    }

    @SuppressWarnings("unchecked")
    static List<Object> list(Object o) {
        return o instanceof List<?> l ? (List<Object>) l : List.of();
    }

    /** The value at a path of map keys, or null. */
    static Object at(Object root, String... keys) {
        Object cur = root;
        for (String k : keys) {
            cur = map(cur).get(k);
        }
        return cur;
    }

    static String str(Object root, String... keys) {
        Object v = at(root, keys);
        return v == null ? null : String.valueOf(v);
    }

    static String name(Map<String, Object> object) {
        return str(object, "metadata", "name");
    }

    static Map<String, Object> podSpec(Map<String, Object> workload) {
        return map(at(workload, "spec", "template", "spec"));
    }

    static Map<String, Object> podLabels(Map<String, Object> workload) {
        return map(at(workload, "spec", "template", "metadata", "labels"));
    }

    static List<Map<String, Object>> containers(Map<String, Object> workload) {
        return list(podSpec(workload).get("containers")).stream().map(Yamls::map).toList();
    }

    /** "Deployment/gateway container gateway", for messages. */
    static String where(Map<String, Object> workload, Map<String, Object> container) {
        return workload.get("kind") + "/" + name(workload) + " container " + container.get("name");
    }
}
