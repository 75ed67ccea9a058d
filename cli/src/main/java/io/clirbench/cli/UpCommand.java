package io.clirbench.cli;

import io.clirbench.cli.stack.LocalStack;
import io.clirbench.cli.stack.StackConfig;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench up}: the local stack on loopback. */
@Command(name = "up", mixinStandardHelpOptions = true,
        description = {"Starts the local stack on loopback: a Kafka broker (KRaft, from Maven artifacts), one embedder per model,",
                "the index, eval and gateway services; waits until every one is ready and prints the URLs.",
                "Needs the services built: ./mvnw -q package -DskipTests"})
final class UpCommand implements Callable<Integer> {

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

    @Override
    public Integer call() {
        StackConfig config = config(stack, models).withReplicas(replicas, false);
        System.err.println("starting the local stack (logs in " + config.logDir() + ") ...");
        new LocalStack(config, System.err).up();
        printUrls(config);
        return 0;
    }

    static StackConfig config(StackOptions stack, List<String> models) {
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
        System.out.printf(Locale.ROOT, "eval        %s%n", config.evalUrl());
        System.out.printf(Locale.ROOT, "index       http://127.0.0.1:%d (gRPC)%n", config.indexPort());
        config.embedders().keySet().forEach(model -> config.embedderPorts(model).forEach(port ->
                System.out.printf(Locale.ROOT, "embedder    http://127.0.0.1:%d (gRPC) %s%n", port, model)));
        System.out.printf(Locale.ROOT, "kafka       %s%n", config.kafkaBootstrap());
        System.out.println("stop it with: ./bench down");
    }
}
