package io.clirbench.kafka;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import kafka.tools.StorageTool;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.utils.Time;

/**
 * A real single-node Kafka broker in KRaft mode (broker and controller in one process), started
 * from the {@code kafka_2.13} Maven artifact on loopback: the local stack's broker
 * ({@code bench up} runs {@link #main}) and the service tests' broker ({@link KafkaTestResource}).
 * The log directory is formatted on first start and reused afterwards, so a restarted broker
 * keeps its topics and committed offsets.
 */
public final class LocalKafka implements AutoCloseable {

    /** The topics of a clirbench run (events.v1), of agent runs (agent.v1), of QA runs (qa.v1), and their dead-letter topics. */
    public static final List<String> CLIRBENCH_TOPICS = List.of("runs.v1", "query-results.v1", "runs.v1.dlt", "query-results.v1.dlt",
            "agent-calls.v1", "agent-calls.v1.dlt", "qa-predictions.v1", "qa-predictions.v1.dlt");

    private final KafkaRaftServer server;
    private final int port;

    private LocalKafka(KafkaRaftServer server, int port) {
        this.server = server;
        this.port = port;
    }

    /**
     * Formats {@code dataDir} if it is new, starts the broker on {@code port} (0: a free port) and
     * waits until it answers a metadata request.
     */
    public static LocalKafka start(Path dataDir, int port) {
        int brokerPort = port == 0 ? freePort() : port;
        int controllerPort = freePort();
        Path logDir = dataDir.toAbsolutePath().resolve("logs");
        Properties props = brokerProperties(logDir, brokerPort, controllerPort);
        if (!Files.exists(logDir.resolve("meta.properties"))) {
            format(dataDir, props);
        }
        KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
        server.startup();
        LocalKafka kafka = new LocalKafka(server, brokerPort);
        kafka.awaitReady(Duration.ofSeconds(60));
        return kafka;
    }

    private static Properties brokerProperties(Path logDir, int brokerPort, int controllerPort) {
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        p.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("log.dirs", logDir.toString());
        p.put("num.partitions", "1");
        p.put("auto.create.topics.enable", "true");
        // one node: every internal topic has one replica
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("share.coordinator.state.topic.replication.factor", "1");
        p.put("share.coordinator.state.topic.min.isr", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        // a long benchmark run must not lose events before they are consumed
        p.put("log.retention.hours", "168");
        return p;
    }

    /** Runs the storage tool's format on a new log directory (a formatted one keeps its cluster id). */
    private static void format(Path dataDir, Properties props) {
        try {
            Files.createDirectories(dataDir);
            Path config = dataDir.toAbsolutePath().resolve("server.properties");
            try (var out = Files.newBufferedWriter(config, StandardCharsets.UTF_8)) {
                props.store(out, "clirbench local Kafka broker (written at every start)");
            }
            ByteArrayOutputStream output = new ByteArrayOutputStream();
            int rc = StorageTool.execute(new String[] {"format", "--cluster-id",
                    Uuid.randomUuid().toString(), "--config", config.toString()}, new PrintStream(output, true, StandardCharsets.UTF_8));
            if (rc != 0) {
                throw new IllegalStateException("formatting Kafka storage in " + dataDir + " failed (" + rc + "): " + output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare Kafka storage in " + dataDir + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("formatting Kafka storage in " + dataDir + " failed: " + e.getMessage(), e);
        }
    }

    private void awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin admin = admin()) {
            while (true) {
                try {
                    admin.describeCluster().nodes().get(5, TimeUnit.SECONDS);
                    return;
                } catch (Exception e) {
                    if (System.nanoTime() > deadline) {
                        throw new IllegalStateException("Kafka broker on port " + port + " not ready after " + timeout, e);
                    }
                    sleep(200);
                }
            }
        }
    }

    /** Creates these topics (1 partition, 1 replica) unless they exist. */
    public void createTopics(String... names) {
        try (Admin admin = admin()) {
            Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            List<NewTopic> missing = Arrays.stream(names).filter(n -> !existing.contains(n))
                    .map(n -> new NewTopic(n, 1, (short) 1)).toList();
            if (!missing.isEmpty()) {
                admin.createTopics(missing).all().get(30, TimeUnit.SECONDS);
            }
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("cannot create topics " + Arrays.toString(names) + ": " + e.getCause().getMessage(), e);
            }
        } catch (Exception e) {
            throw new IllegalStateException("cannot create topics " + Arrays.toString(names) + ": " + e.getMessage(), e);
        }
    }

    /** {@code 127.0.0.1:<port>}, for {@code kafka.bootstrap.servers}. */
    public String bootstrapServers() {
        return "127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    private Admin admin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers(),
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 5000, AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 10000));
    }

    @Override
    public void close() {
        server.shutdown();
        server.awaitShutdown();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port: " + e.getMessage(), e);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for Kafka", e);
        }
    }

    /**
     * {@code java -Xmx512m -cp local-kafka.jar:lib/* io.clirbench.kafka.LocalKafka --port 9092 --data-dir DIR}:
     * starts the broker, creates the clirbench topics, prints {@code kafka ready on 127.0.0.1:PORT}
     * and runs until the process is stopped (SIGTERM shuts the broker down cleanly).
     */
    public static void main(String[] args) {
        int port = 9092;
        Path dataDir = Path.of("data", "kafka");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(value(args, ++i, "--port"));
                case "--data-dir" -> dataDir = Path.of(value(args, ++i, "--data-dir"));
                default -> {
                    System.err.println("local-kafka: unknown option '" + args[i] + "'; usage: --port P --data-dir DIR");
                    System.exit(2);
                }
            }
        }
        LocalKafka kafka = start(dataDir, port);
        kafka.createTopics(CLIRBENCH_TOPICS.toArray(String[]::new));
        Runtime.getRuntime().addShutdownHook(new Thread(kafka::close, "local-kafka-shutdown"));
        System.out.println("kafka ready on " + kafka.bootstrapServers());
        System.out.flush();
        kafka.server.awaitShutdown();
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) {
            System.err.println("local-kafka: " + option + " needs a value");
            System.exit(2);
        }
        return args[i];
    }
}
