package io.clirbench.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Which model plays which role of a build, and what models cost: {@code models.json},
 * <pre>{@code
 * {"generator": {"base_url": "http://vllm:8000/v1", "model": "Qwen/Qwen2.5-72B-Instruct", "revision": "a09a354"},
 *  "verifier":  {"base_url": "https://api.openai.com/v1", "model": "gpt-4o", "api_key_env": "OPENAI_API_KEY"},
 *  "translator": {...}, "judge": {...},
 *  "prices": {"gpt-4o": {"input_per_mtok": 2.5, "output_per_mtok": 10}}}
 * }</pre>
 * Every role is optional here; a pipeline names the ones it needs. {@code api_key_env} names the environment variable
 * holding the bearer token (default {@code OPENAI_API_KEY}; absent or empty: no token). {@code revision} (optional) is
 * the model's revision (a commit of its weights, a dated snapshot): it is recorded in the provenance of what the role
 * produced and is part of the response cache's key, so a new revision is asked again. Without a file, {@link
 * #fromEnvironment} gives every role {@code OPENAI_BASE_URL} and {@code OPENAI_MODEL}, no revision.
 */
public record ModelsConfig(Map<String, Endpoint> roles, Map<String, Price> prices) {

    public static final Set<String> ROLES = Set.of("generator", "translator", "verifier", "judge");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One role's endpoint; {@code revision} is empty when not given. */
    public record Endpoint(String baseUrl, String model, String apiKeyEnv, String revision) {
    }

    public ModelsConfig {
        roles = Map.copyOf(roles);
        prices = Map.copyOf(prices);
    }

    public static ModelsConfig read(Path file) {
        JsonNode root;
        try {
            root = JSON.readTree(io.clirbench.core.io.StrictText.reader(java.nio.file.Files.newInputStream(file)));
        } catch (io.clirbench.core.io.StrictText.InvalidUtf8Exception e) {
            throw new IllegalArgumentException(file + " " + e.getMessage(), e);
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not valid JSON: " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(file + ": must hold a JSON object of roles and prices");
        }
        String lone = io.clirbench.core.io.StrictText.loneSurrogate(root);
        if (lone != null) {
            throw new IllegalArgumentException(file + ": " + lone);
        }
        Map<String, Endpoint> roles = new LinkedHashMap<>();
        Map<String, Price> prices = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            String name = f.getKey();
            if (name.equals("prices")) {
                prices(file, f.getValue(), prices);
            } else if (ROLES.contains(name)) {
                roles.put(name, endpoint(file, name, f.getValue()));
            } else {
                throw new IllegalArgumentException(file + ": unknown field '" + name + "' (roles: generator, translator, "
                        + "verifier, judge; and prices)");
            }
        }
        return new ModelsConfig(roles, prices);
    }

    public static ModelsConfig fromEnvironment(Map<String, String> env) {
        String base = env.get("OPENAI_BASE_URL");
        if (base == null || base.isBlank()) {
            throw new IllegalArgumentException("no models are configured: give --models models.json, or set OPENAI_BASE_URL "
                    + "(and OPENAI_MODEL) for every role");
        }
        Endpoint e = new Endpoint(base.strip(), env.getOrDefault("OPENAI_MODEL", "gpt-4o-mini"), "OPENAI_API_KEY", "");
        Map<String, Endpoint> roles = new LinkedHashMap<>();
        ROLES.forEach(r -> roles.put(r, e));
        return new ModelsConfig(roles, Map.of());
    }

    private static Endpoint endpoint(Path file, String role, JsonNode o) {
        if (!o.isObject()) {
            throw new IllegalArgumentException(file + ": " + role + " must be an object with base_url and model");
        }
        String base = required(file, role, o, "base_url");
        String model = required(file, role, o, "model");
        JsonNode keyEnv = o.get("api_key_env");
        if (keyEnv != null && !keyEnv.isTextual()) {
            throw new IllegalArgumentException(file + ": " + role + ".api_key_env must be a string");
        }
        JsonNode revision = o.get("revision");
        if (revision != null && (!revision.isTextual() || revision.asText().isBlank())) {
            throw new IllegalArgumentException(file + ": " + role + ".revision must be a non-empty string when given, was " + revision);
        }
        for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (!Set.of("base_url", "model", "api_key_env", "revision").contains(k)) {
                throw new IllegalArgumentException(file + ": " + role + ": unknown field '" + k + "' (base_url, model, api_key_env, revision)");
            }
        }
        return new Endpoint(base, model, keyEnv == null ? "OPENAI_API_KEY" : keyEnv.asText(),
                revision == null ? "" : revision.asText().strip());
    }

    private static String required(Path file, String role, JsonNode o, String field) {
        JsonNode v = o.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new IllegalArgumentException(file + ": " + role + "." + field + " is required (a non-empty string)");
        }
        return v.asText().strip();
    }

    private static void prices(Path file, JsonNode o, Map<String, Price> out) {
        if (!o.isObject()) {
            throw new IllegalArgumentException(file + ": prices must be an object of model names");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            JsonNode p = f.getValue();
            JsonNode in = p.get("input_per_mtok");
            JsonNode outp = p.get("output_per_mtok");
            if (in == null || !in.isNumber() || outp == null || !outp.isNumber() || in.asDouble() < 0 || outp.asDouble() < 0) {
                throw new IllegalArgumentException(file + ": prices." + f.getKey()
                        + " needs input_per_mtok and output_per_mtok (US dollars per million tokens, not negative)");
            }
            out.put(f.getKey(), new Price(in.asDouble(), outp.asDouble()));
        }
    }
}
