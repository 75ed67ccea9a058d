package io.clirbench.cli.stack;

import io.clirbench.cli.StackOptions;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench up}: the local stack on loopback. */
@Command(name = "up", mixinStandardHelpOptions = true,
        description = {"Starts the local stack on loopback: a Kafka broker (KRaft, from Maven artifacts), one embedder per "
                + "model and the index, eval and gateway services.",
                "Waits until every one is ready and prints the URLs. Needs the services built: ./mvnw -q package -DskipTests"})
public final class UpCommand implements Callable<Integer> {

    @Mixin
    StackOptions stack;

    @Option(names = "--models", split = ",", paramLabel = "ID",
            description = "Embedder models to start: built-in ones, or imported by bench model add (default: every built-in model: ${DEFAULT-VALUE}).",
            defaultValue = StackConfig.BUILT_IN_MODEL_LIST)
    List<String> models;

    @Option(names = "--replicas", split = ",", paramLabel = "MODEL=N",
            description = "Embedder replicas of a model (default 1 each): replica r is embedder-MODEL-r with its own port "
                    + "(the first one's + 200 x (r - 1)) and log; the gateway gets every replica as an endpoint of the model.")
    java.util.Map<String, Integer> replicas = new java.util.LinkedHashMap<>();

    @Option(names = "--postgres", paramLabel = "JDBC_URL",
            description = "Run the gateway and the eval-service on this PostgreSQL (e.g. jdbc:postgresql://127.0.0.1:5432/test) "
                    + "instead of their H2 files; each in its own schema (see --postgres-schema), created by its migrations. "
                    + "A password, if needed, comes from CLIRBENCH_PG_PASSWORD.")
    String postgres;

    @Option(names = "--postgres-user", paramLabel = "USER", defaultValue = "postgres",
            description = "The PostgreSQL user (default: ${DEFAULT-VALUE}).")
    String postgresUser;

    @Option(names = "--postgres-schema", paramLabel = "PREFIX", defaultValue = "clirbench",
            description = "Schema prefix: the gateway's tables go to PREFIX_gateway, the eval-service's to PREFIX_eval (default: ${DEFAULT-VALUE}).")
    String postgresSchema;

    @Option(names = "--eval-replicas", paramLabel = "N", defaultValue = "1",
            description = "eval-service replicas (needs --postgres): eval on the eval port, eval-2, eval-3, ... on 8084, 8085, ...; "
                    + "the gateway asks the next when one cannot be reached (default: ${DEFAULT-VALUE}).")
    int evalReplicas;

    @Option(names = "--kafka-partitions", paramLabel = "N",
            description = "Partitions of each clirbench topic when the broker creates it (default: 1, or 2 per eval replica with --eval-replicas).")
    Integer kafkaPartitions;

    @Option(names = "--heap", paramLabel = "SERVICE=SIZE", split = ",",
            description = "Maximum heap of a service (gateway, eval, index, embedder, kafka), e.g. --heap gateway=3g,eval=3g "
                    + "for a million-document dataset (defaults: gateway 1g, eval 1g, index 2g, embedder 768m, kafka 512m); "
                    + "the gateway's preflight follows the eval-service's.")
    Map<String, String> heaps = new java.util.LinkedHashMap<>();

    @Override
    public Integer call() {
        StackConfig config = config(stack, models).withReplicas(replicas, false).withScale(scale());
        System.err.println("starting the local stack (logs in " + config.logDir() + ") ...");
        new LocalStack(config, System.err).up();
        printUrls(config);
        return 0;
    }

    private StackScale scale() {
        if (evalReplicas < 1 || evalReplicas > 6) {
            throw new IllegalArgumentException("--eval-replicas must be in 1..6, got " + evalReplicas);
        }
        List<Integer> extra = java.util.stream.IntStream.range(1, evalReplicas).map(i -> 8083 + i).boxed().toList();
        int partitions = kafkaPartitions != null ? kafkaPartitions : evalReplicas == 1 ? 1 : 2 * evalReplicas;
        return new StackScale(java.util.Optional.ofNullable(postgres).map(url -> new StackScale.Postgres(url, postgresUser,
                postgresSchema)), extra, partitions, heaps);
    }

    public static StackConfig config(StackOptions stack, List<String> models) {
        for (String model : models) {
            boolean imported = java.nio.file.Files.isRegularFile(stack.stateDir().resolve("models").resolve(model).resolve("model.json"));
            if (!StackConfig.BUILT_IN_MODELS.contains(model) && !imported) {
                throw new IllegalArgumentException("unknown model '" + model + "': the built-in models are "
                        + String.join(", ", StackConfig.BUILT_IN_MODELS) + ", and " + stack.stateDir().resolve("models")
                        + " has no card " + model + "/model.json (bench model add DIR writes one)");
            }
        }
        return stack.config(models);
    }

    static void printUrls(StackConfig config) {
        System.out.printf(Locale.ROOT, "gateway     %s  (web pages at /, API at /api, OpenAPI at /q/openapi)%n", config.gatewayUrl());
        config.evalPorts().forEach(port -> System.out.printf(Locale.ROOT, "eval        http://127.0.0.1:%d%n", port));
        config.scale().postgres().ifPresent(pg -> System.out.printf(Locale.ROOT, "postgresql  %s (schemas %s, %s)%n", pg.url(),
                pg.schema("gateway"), pg.schema("eval")));
        System.out.printf(Locale.ROOT, "index       http://127.0.0.1:%d (gRPC)%n", config.indexPort());
        config.embedders().keySet().forEach(model -> config.embedderPorts(model).forEach(port ->
                System.out.printf(Locale.ROOT, "embedder    http://127.0.0.1:%d (gRPC) %s%n", port, model)));
        System.out.printf(Locale.ROOT, "kafka       %s%n", config.kafkaBootstrap());
        System.out.println("stop it with: ./bench down");
    }
}
