package io.clirbench.cli.stack;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a local stack runs and where: the checkout the service jars come from, the state
 * directory (logs, data, the PID file), and the loopback ports.
 *
 * @param home      the clirbench checkout (holds {@code <module>/target/quarkus-app/quarkus-run.jar})
 * @param stateDir  logs, data and {@code stack.json}
 * @param embedders model id to HTTP/gRPC port (of its first replica), in start order
 * @param replicas  model id to the ports of its further embedder replicas ({@code embedder-MODEL-2}, ...); absent
 *                  for a model with one replica
 * @param gatewayProperties further system properties of the gateway process (name → value), after the stack's own
 * @param scale     PostgreSQL, eval-service replicas, topic partitions ({@link StackScale#DEFAULT}: none of them)
 */
public record StackConfig(Path home, Path stateDir, int kafkaPort, int gatewayPort, int indexPort, int evalPort,
                          Map<String, Integer> embedders, Map<String, List<Integer>> replicas,
                          Map<String, String> gatewayProperties, StackScale scale) {

    /** The built-in models, in catalogue order (encoders/src/main/resources/models). */
    public static final String BUILT_IN_MODEL_LIST = "all-minilm-l6-v2,e5-small-v2-q,bge-small-en-v1.5-q,bge-small-zh-v1.5-q";

    /** The same, as a list. */
    public static final List<String> BUILT_IN_MODELS = List.of(BUILT_IN_MODEL_LIST.split(","));

    public StackConfig {
        embedders = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(embedders));
        replicas = replicas == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(replicas));
        gatewayProperties = gatewayProperties == null ? Map.of()
                : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(gatewayProperties));
        scale = scale == null ? StackScale.DEFAULT : scale;
    }

    /** This stack with further system properties for the gateway (tests: its embedding cache off, waits). */
    public StackConfig withGatewayProperties(Map<String, String> properties) {
        return new StackConfig(home, stateDir, kafkaPort, gatewayPort, indexPort, evalPort, embedders, replicas, properties, scale);
    }

    /** One embedder replica per model. */
    public StackConfig(Path home, Path stateDir, int kafkaPort, int gatewayPort, int indexPort, int evalPort,
                       Map<String, Integer> embedders) {
        this(home, stateDir, kafkaPort, gatewayPort, indexPort, evalPort, embedders, Map.of(), Map.of(), StackScale.DEFAULT);
    }

    /**
     * This stack with {@code count} embedder replicas of each model named (at least 1; a model not started is an
     * error): replica r of a model on a free port ({@code freePorts}) or at the first replica's port + 200 × (r − 1).
     */
    public StackConfig withReplicas(Map<String, Integer> counts, boolean freePorts) {
        Map<String, List<Integer>> extra = new LinkedHashMap<>();
        counts.forEach((model, count) -> {
            if (!embedders.containsKey(model)) {
                throw new StackException("--replicas names model '" + model + "', which this stack does not start (models: "
                        + String.join(", ", embedders.keySet()) + ")");
            }
            if (count < 1) {
                throw new StackException("--replicas " + model + "=" + count + ": at least 1 replica");
            }
            List<Integer> ports = new java.util.ArrayList<>();
            for (int r = 2; r <= count; r++) {
                ports.add(freePorts ? freePort() : embedders.get(model) + 200 * (r - 1));
            }
            if (!ports.isEmpty()) {
                extra.put(model, ports);
            }
        });
        return new StackConfig(home, stateDir, kafkaPort, gatewayPort, indexPort, evalPort, embedders, extra, gatewayProperties, scale);
    }

    /** Every port of a model's embedders, its first replica's first. */
    public List<Integer> embedderPorts(String model) {
        List<Integer> ports = new java.util.ArrayList<>(List.of(embedders.get(model)));
        ports.addAll(replicas.getOrDefault(model, List.of()));
        return ports;
    }

    /** The process name of replica {@code r} (from 1) of a model's embedder: {@code embedder-MODEL}, {@code embedder-MODEL-2}, ... */
    public static String embedderName(String model, int r) {
        return "embedder-" + model + (r == 1 ? "" : "-" + r);
    }

    /** The same stack with these extras. */
    public StackConfig withScale(StackScale extras) {
        return new StackConfig(home, stateDir, kafkaPort, gatewayPort, indexPort, evalPort, embedders, replicas, gatewayProperties,
                extras);
    }

    /** Free loopback ports for {@code count} eval replicas beyond the first (tests, and {@code bench up --eval-replicas}). */
    public static List<Integer> freePorts(int count) {
        List<Integer> ports = new java.util.ArrayList<>();
        for (int i = 0; i < count; i++) {
            ports.add(freePort());
        }
        return ports;
    }

    /** The default ports: gateway 8080, index 8082, eval 8083, Kafka 9092, embedders from 8091 in the order given. */
    public static StackConfig defaults(Path home, Path stateDir, List<String> models) {
        Map<String, Integer> embedders = new LinkedHashMap<>();
        int imported = 0;
        for (String model : models) {
            // built-in models from 8091 in catalogue order; imported ones (bench model add) from 8191 in the order given
            embedders.put(model, BUILT_IN_MODELS.contains(model) ? 8091 + BUILT_IN_MODELS.indexOf(model) : 8191 + imported++);
        }
        return new StackConfig(home, stateDir, 9092, 8080, 8082, 8083, embedders);
    }

    /** Free loopback ports for everything (tests, and stacks beside another one). */
    public static StackConfig withFreePorts(Path home, Path stateDir, List<String> models) {
        Map<String, Integer> embedders = new LinkedHashMap<>();
        for (String model : models) {
            embedders.put(model, freePort());
        }
        return new StackConfig(home, stateDir, freePort(), freePort(), freePort(), freePort(), embedders);
    }

    private static int freePort() {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (java.io.IOException e) {
            throw new StackException("no free port: " + e.getMessage(), e);
        }
    }

    /**
     * Where the stack's gateway may register datasets by path ({@code gateway.datasets.roots}): the
     * checkout's {@code datasets/}, the state directory's {@code datasets/}, and the directories of the
     * environment variable {@code CLIRBENCH_DATASET_ROOTS} (comma-separated), if set.
     */
    public List<Path> datasetRoots() {
        List<Path> roots = new java.util.ArrayList<>(List.of(home.resolve("datasets"), stateDir.resolve("datasets")));
        String extra = System.getenv("CLIRBENCH_DATASET_ROOTS");
        if (extra != null) {
            java.util.Arrays.stream(extra.split(",")).map(String::strip).filter(r -> !r.isEmpty())
                    .forEach(r -> roots.add(Path.of(r)));
        }
        return roots.stream().map(p -> p.toAbsolutePath().normalize()).toList();
    }

    public String gatewayUrl() {
        return "http://127.0.0.1:" + gatewayPort;
    }

    public String evalUrl() {
        return "http://127.0.0.1:" + evalPort;
    }

    /** Every eval replica's port, the first one ({@link #evalPort}) first. */
    public List<Integer> evalPorts() {
        List<Integer> ports = new java.util.ArrayList<>(List.of(evalPort));
        ports.addAll(scale.extraEvalPorts());
        return ports;
    }

    public String kafkaBootstrap() {
        return "127.0.0.1:" + kafkaPort;
    }

    public Path logDir() {
        return stateDir.resolve("logs");
    }

    public Path dataDir() {
        return stateDir.resolve("data");
    }

    public Path stateFile() {
        return stateDir.resolve("stack.json");
    }
}
