package io.clirbench.k8s;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The configuration one container of the rendering will see, resolved as SmallRye Config does with the
 * profile of QUARKUS_PROFILE: sources by descending ordinal, environment variables (300, the
 * container's env and envFrom ConfigMaps), $PWD/config/application.properties (260, a mounted
 * ConfigMap) and the jar's application.properties (250, read from the service module's sources);
 * within one source "%profile.key" before "key"; then ${NAME:default} expressions are expanded.
 */
final class EffectiveConfig {

    private static final Pattern EXPRESSION = Pattern.compile("\\$\\{([^:}]+)(?::([^}]*))?}");

    private final String profile;
    private final Map<String, String> env;
    private final Properties configDir;
    private final Properties jar;

    private EffectiveConfig(String profile, Map<String, String> env, Properties configDir, Properties jar) {
        this.profile = profile;
        this.env = env;
        this.configDir = configDir;
        this.jar = jar;
    }

    /** The container's config; module = the service's Maven module (its image name). */
    static EffectiveConfig of(Rendering rendering, Map<String, Object> workload, Map<String, Object> container,
            Path repoDir, String module) {
        Map<String, String> env = new LinkedHashMap<>();
        for (Object ref : Yamls.list(container.get("envFrom"))) {
            String cm = Yamls.str(ref, "configMapRef", "name");
            if (cm != null) {
                rendering.find("ConfigMap", cm).ifPresent(c ->
                        Yamls.map(c.get("data")).forEach((k, v) -> env.put(k, String.valueOf(v))));
            }
        }
        for (Object e : Yamls.list(container.get("env"))) {
            Object value = Yamls.map(e).get("value");
            env.put(Yamls.str(e, "name"), value == null ? "<from " + Yamls.map(e).get("valueFrom") + ">" : value.toString());
        }
        Properties configDir = new Properties();
        String workDir = Yamls.str(container, "workingDir");
        for (Object m : Yamls.list(container.get("volumeMounts"))) {
            if ((workDir + "/config").equals(Yamls.str(m, "mountPath"))) {
                String volume = Yamls.str(m, "name");
                for (Object v : Yamls.list(Yamls.podSpec(workload).get("volumes"))) {
                    if (volume.equals(Yamls.str(v, "name")) && Yamls.str(v, "configMap", "name") != null) {
                        rendering.find("ConfigMap", Yamls.str(v, "configMap", "name")).ifPresent(c ->
                                load(configDir, Yamls.str(c, "data", "application.properties")));
                    }
                }
            }
        }
        Properties jar = new Properties();
        try {
            load(jar, Files.readString(repoDir.resolve(module).resolve("src/main/resources/application.properties")));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new EffectiveConfig(env.getOrDefault("QUARKUS_PROFILE", "prod"), env, configDir, jar);
    }

    private static void load(Properties into, String text) {
        if (text == null) {
            return;
        }
        try {
            into.load(new StringReader(text));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** SmallRye's environment variable name of a property: non-alphanumerics become '_', upper case. */
    static String envName(String key) {
        return Rendering.lower(key).replaceAll("[^a-z0-9]", "_").toUpperCase(java.util.Locale.ROOT);
    }

    /** The resolved value, or null when no source has it. */
    String get(String key) {
        String raw = raw(key);
        return raw == null ? null : expand(raw, 0);
    }

    private String raw(String key) {
        String profiled = "%" + profile + "." + key;
        for (String k : List.of(profiled, key)) {
            if (env.containsKey(envName(k))) {
                return env.get(envName(k));
            }
            if (env.containsKey(k)) {
                return env.get(k);
            }
        }
        for (Properties source : List.of(configDir, jar)) {
            if (source.containsKey(profiled)) {
                return source.getProperty(profiled);
            }
            if (source.containsKey(key)) {
                return source.getProperty(key);
            }
        }
        return null;
    }

    private String expand(String value, int depth) {
        if (depth > 10) {
            throw new IllegalStateException("expression loop in " + value);
        }
        Matcher m = EXPRESSION.matcher(value);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String v = raw(m.group(1));
            String replacement = v != null ? expand(v, depth + 1) : m.group(2) != null ? m.group(2) : "";
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }

    /** The map keys under a prefix in any source ("gateway.encoders." → the quoted model ids, unquoted). */
    List<String> mapKeys(String prefix, String suffix) {
        TreeSet<String> keys = new TreeSet<>();
        for (Properties source : List.of(configDir, jar)) {
            for (String name : source.stringPropertyNames()) {
                String n = name.startsWith("%" + profile + ".") ? name.substring(profile.length() + 2) : name;
                if (n.startsWith(prefix) && n.endsWith(suffix) && !n.startsWith("%")) {
                    keys.add(n.substring(prefix.length(), n.length() - suffix.length()).replace("\"", ""));
                }
            }
        }
        return new ArrayList<>(keys);
    }

    /** The data of the ConfigMap a container mounts at a path (a directory of files, one per key); empty if none. */
    static Map<String, String> mountedConfigMap(Rendering rendering, Map<String, Object> workload,
            Map<String, Object> container, String mountPath) {
        Map<String, String> data = new LinkedHashMap<>();
        for (Object m : Yamls.list(container.get("volumeMounts"))) {
            if (mountPath != null && mountPath.equals(Yamls.str(m, "mountPath"))) {
                for (Object v : Yamls.list(Yamls.podSpec(workload).get("volumes"))) {
                    String cm = Yamls.str(v, "configMap", "name");
                    if (Yamls.str(m, "name").equals(Yamls.str(v, "name")) && cm != null) {
                        rendering.find("ConfigMap", cm).ifPresent(c ->
                                Yamls.map(c.get("data")).forEach((k, val) -> data.put(k, String.valueOf(val))));
                    }
                }
            }
        }
        return data;
    }

    String profile() {
        return profile;
    }
}
