package io.clirbench.cli.stack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of each process of the local stack: the packaged Quarkus jars of the
 * services (default profile: embedded index, H2 file databases) and the KRaft broker of
 * {@code local-kafka}, all on loopback, each told its port, data directory and peers.
 *
 * @param name  process name in logs and {@code stack.json}
 * @param port  the port it answers on
 * @param ready how readiness is seen: an HTTP health URL, or a log line for the broker
 */
public record ServiceLaunch(String name, List<String> command, int port, String ready) {

    static final String KAFKA_READY_LINE = "kafka ready on";

    static ServiceLaunch kafka(StackConfig c, String java) {
        // the module's runnable jar (its manifest names the main class and target/lib): no class named here
        Path module = c.home().resolve("local-kafka/target");
        Path jar = requireFile(module.resolve("local-kafka-" + version(module) + ".jar"));
        requireFile(module.resolve("lib"));
        return new ServiceLaunch("kafka", List.of(java, c.scale().xmx("kafka"), "-XX:+UseSerialGC", "-jar", jar.toString(),
                "--port", Integer.toString(c.kafkaPort()),
                "--data-dir", c.dataDir().resolve("kafka").toString(), "--partitions", Integer.toString(c.scale().kafkaPartitions())),
                c.kafkaPort(), "log:" + KAFKA_READY_LINE);
    }

    /** The card is {@code <state-dir>/models/MODEL/model.json} when bench align wrote one (with adapters), else the built-in one. */
    static ServiceLaunch embedder(StackConfig c, String java, String model, int port) {
        return embedder(c, java, model, 1, port);
    }

    /** Replica {@code replica} (from 1) of a model's embedder: {@link StackConfig#embedderName}. */
    static ServiceLaunch embedder(StackConfig c, String java, String model, int replica, int port) {
        Path aligned = c.stateDir().resolve("models").resolve(model).resolve("model.json");
        String card = Files.isRegularFile(aligned) ? aligned.toString() : "classpath:models/" + model + ".json";
        return quarkus(c, java, StackConfig.embedderName(model, replica), "embedder-service", port, c.scale().xmx("embedder"),
                "-Dembedder.model-card=" + card);
    }

    /** The index-service, with {@link StackScale#HEAP_DEFAULTS}' 2 GiB unless {@code --heap index=} says otherwise. */
    static ServiceLaunch index(StackConfig c, String java) {
        return quarkus(c, java, "index", "index-service", c.indexPort(), c.scale().xmx("index"),
                "-Dindex.data-dir=" + c.dataDir().resolve("index"));
    }

    /** Eval replica {@code index} (0: {@code eval} on the eval port; then {@code eval-2}, ...), each with its own data directory. */
    static ServiceLaunch eval(StackConfig c, String java, int index) {
        String name = StackScale.evalName(index);
        List<String> props = new ArrayList<>(List.of("-Deval.data-dir=" + c.dataDir().resolve(name),
                "-Dkafka.bootstrap.servers=" + c.kafkaBootstrap()));
        props.addAll(database(c, "eval", null));
        return quarkus(c, java, name, "eval-service", c.evalPorts().get(index), c.scale().xmx("eval"), props.toArray(String[]::new));
    }

    /**
     * The datasource properties of a service: the H2 file of the default setup (the packaged jar runs the prod
     * profile, which selects PostgreSQL), or PostgreSQL in the service's own schema ({@link StackScale.Postgres}),
     * which Flyway creates and migrates.
     */
    private static List<String> database(StackConfig c, String service, String h2Url) { // h2Url null: the service's default
        var postgres = c.scale().postgres();
        if (postgres.isEmpty()) {
            List<String> h2 = new ArrayList<>(List.of("-Dquarkus.datasource.active=true", "-Dquarkus.datasource.pg.active=false"));
            if (h2Url != null) {
                h2.add("-Dquarkus.datasource.jdbc.url=" + h2Url);
            }
            return h2;
        }
        var pg = postgres.get();
        return List.of("-Dquarkus.datasource.active=false", "-Dquarkus.datasource.pg.active=true",
                "-Dquarkus.datasource.pg.jdbc.url=" + pg.url(service), "-Dquarkus.datasource.pg.username=" + pg.user(),
                "-Dquarkus.datasource.pg.password=${CLIRBENCH_PG_PASSWORD:}", "-Dquarkus.flyway.pg.schemas=" + pg.schema(service));
    }

    static ServiceLaunch gateway(StackConfig c, String java) {
        Path data = c.dataDir().resolve("gateway");
        List<String> props = new ArrayList<>(List.of("-Dgateway.data-dir=" + data));
        props.addAll(database(c, "gateway", "jdbc:h2:file:" + data.resolve("db/gateway") + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;WRITE_DELAY=0"));
        props.addAll(List.of("-Dgateway.index.target=127.0.0.1:" + c.indexPort(),
                // every eval replica: the gateway asks the next one when one cannot be reached (EvalClient)
                "-Dgateway.eval.url=" + String.join(",", c.evalPorts().stream().map(p -> "http://127.0.0.1:" + p).toList()),
                // bench dict fetch's default cache, read by translate(bm25)
                "-Dgateway.lexicon-dir=" + c.stateDir().resolve("lexicons"),
                // registration by path only under these (README "Limits"); Path.toString has no comma to escape here
                "-Dgateway.datasets.roots=" + String.join(",", c.datasetRoots().stream().map(Path::toString).toList()),
                "-Dkafka.bootstrap.servers=" + c.kafkaBootstrap()));
        // map keys with dots or dashes are quoted in SmallRye Config property names
        // every replica of a model is an endpoint of it
        c.embedders().keySet().forEach(model -> props.add("-Dgateway.encoders.\"" + model + "\".endpoints="
                + String.join(",", c.embedderPorts(model).stream().map(p -> "127.0.0.1:" + p).toList())));
        // the preflight's limit of the eval-service's heap follows --heap eval= (README "Preflight at submit")
        props.add("-Dgateway.preflight.eval-heap-bytes=" + c.scale().heapBytes("eval"));
        c.gatewayProperties().forEach((name, value) -> props.add("-D" + name + "=" + value));
        return quarkus(c, java, "gateway", "gateway", c.gatewayPort(), c.scale().xmx("gateway"), props.toArray(String[]::new));
    }

    private static ServiceLaunch quarkus(StackConfig c, String java, String name, String module, int port, String heap,
                                         String... properties) {
        Path jar = requireFile(c.home().resolve(module).resolve("target/quarkus-app/quarkus-run.jar"));
        List<String> command = new ArrayList<>(List.of(java, heap, "-XX:+UseSerialGC", "-Dquarkus.http.port=" + port,
                "-Dquarkus.http.host=127.0.0.1"));
        command.addAll(List.of(properties));
        command.addAll(List.of("-jar", jar.toString()));
        return new ServiceLaunch(name, command, port, "http://127.0.0.1:" + port + "/q/health/ready");
    }

    private static Path requireFile(Path path) {
        if (!Files.exists(path)) {
            throw new StackException(path + " is missing: build the services first with ./mvnw -q package -DskipTests");
        }
        return path;
    }

    /** The project version, read from the broker jar's name (local-kafka-<version>.jar). */
    private static String version(Path target) {
        try (var files = Files.list(target)) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("local-kafka-") && n.endsWith(".jar") && !n.contains("-tests"))
                    .map(n -> n.substring("local-kafka-".length(), n.length() - ".jar".length()))
                    .findFirst()
                    .orElseThrow(() -> new StackException(target + " has no local-kafka jar: build it with ./mvnw -q package -DskipTests"));
        } catch (java.io.IOException e) {
            throw new StackException(target + " is missing: build the services first with ./mvnw -q package -DskipTests");
        }
    }
}
