package io.clirbench.kafka;

import io.clirbench.proto.Topics;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
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
import org.apache.kafka.clients.admin.ScramCredentialInfo;
import org.apache.kafka.clients.admin.ScramMechanism;
import org.apache.kafka.clients.admin.UserScramCredentialUpsertion;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.utils.Time;

/**
 * A real single-node Kafka broker in KRaft mode (broker and controller in one process), started
 * from the {@code kafka_2.13} Maven artifact on loopback: the local stack's broker
 * ({@code bench up} runs {@link #main}) and the service tests' broker ({@link KafkaTestResource}).
 * Every listener takes authenticated clients only (see {@link #brokerProperties}); clients log in
 * with {@link KafkaCredentials#clientProperties()}. The log directory is formatted on first start
 * and reused afterwards, so a restarted broker keeps its topics and committed offsets.
 */
public final class LocalKafka implements AutoCloseable {

    /** The topics of a clirbench run (events.v1), of agent runs (agent.v1), of QA runs (qa.v1), and their dead-letter topics: proto's {@link Topics#ALL}. */
    public static final List<String> CLIRBENCH_TOPICS = Topics.ALL;

    private static final int SCRAM_ITERATIONS = 4096;

    private final KafkaRaftServer server;
    private final int port;
    private final int internalPort;
    private final KafkaCredentials credentials;

    private LocalKafka(KafkaRaftServer server, int port, int internalPort, KafkaCredentials credentials) {
        this.server = server;
        this.port = port;
        this.internalPort = internalPort;
        this.credentials = credentials;
    }

    /**
     * Formats {@code dataDir} if it is new, starts the broker on {@code port} (0: a free port), makes
     * {@code credentials} its SCRAM user (created, or its password replaced: the data directory of an
     * older stack and a new password both work) and waits until a client logging in with them is answered.
     */
    public static LocalKafka start(Path dataDir, int port, KafkaCredentials credentials) {
        int brokerPort = port == 0 ? freePort() : port;
        int internalPort = freePort();
        int controllerPort = freePort();
        Path logDir = dataDir.toAbsolutePath().resolve("logs");
        Properties props = brokerProperties(logDir, brokerPort, internalPort, controllerPort, credentials);
        if (!Files.exists(logDir.resolve("meta.properties"))) {
            format(dataDir, props);
        }
        SaslServerProviders.useThisClassLoader();
        KafkaRaftServer server = new KafkaRaftServer(KafkaConfig.fromProps(props, false), Time.SYSTEM);
        server.startup();
        LocalKafka kafka = new LocalKafka(server, brokerPort, internalPort, credentials);
        kafka.awaitReady(Duration.ofSeconds(60));
        return kafka;
    }

    /**
     * Three listeners on loopback, all SASL: CLIENT (the advertised one, SCRAM-SHA-256, for every
     * producer and consumer) and the broker's own INTERNAL (inter-broker) and CONTROLLER listeners
     * with PLAIN and the same user. PLAIN needs no stored credential, so the broker logs in to itself
     * and upserts the SCRAM credential before any client comes; nothing is open to anonymous callers.
     */
    private static Properties brokerProperties(Path logDir, int brokerPort, int internalPort, int controllerPort,
                                               KafkaCredentials credentials) {
        Properties p = new Properties();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        p.put("listeners", "CLIENT://127.0.0.1:" + brokerPort + ",INTERNAL://127.0.0.1:" + internalPort
                + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("advertised.listeners", "CLIENT://127.0.0.1:" + brokerPort + ",INTERNAL://127.0.0.1:" + internalPort);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("listener.security.protocol.map", "CLIENT:SASL_PLAINTEXT,INTERNAL:SASL_PLAINTEXT,CONTROLLER:SASL_PLAINTEXT");
        p.put("inter.broker.listener.name", "INTERNAL");
        p.put("sasl.enabled.mechanisms", "PLAIN");
        p.put("sasl.mechanism.inter.broker.protocol", "PLAIN");
        p.put("sasl.mechanism.controller.protocol", "PLAIN");
        p.put("listener.name.client.sasl.enabled.mechanisms", KafkaCredentials.MECHANISM);
        p.put("listener.name.client.scram-sha-256.sasl.jaas.config", "org.apache.kafka.common.security.scram.ScramLoginModule required;");
        p.put("listener.name.internal.sasl.enabled.mechanisms", "PLAIN");
        p.put("listener.name.internal.plain.sasl.jaas.config", credentials.plainServerJaas());
        p.put("listener.name.controller.sasl.enabled.mechanisms", "PLAIN");
        p.put("listener.name.controller.plain.sasl.jaas.config", credentials.plainServerJaas());
        p.put("log.dirs", logDir.toString());
        p.put("num.partitions", "1");
        // topics are the stack's (CLIRBENCH_TOPICS, created at start): a client cannot make new ones (issue 28, finding 7)
        p.put("auto.create.topics.enable", "false");
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

    /**
     * Runs the storage tool's format on a new log directory (a formatted one keeps its cluster id).
     * The tool reads a properties file; it holds the password, so it is the owner's only and deleted after.
     */
    private static void format(Path dataDir, Properties props) {
        Path config = dataDir.toAbsolutePath().resolve("server.properties");
        try {
            Files.createDirectories(dataDir);
            Files.deleteIfExists(config);
            Files.createFile(config, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            try (var out = Files.newBufferedWriter(config, StandardCharsets.UTF_8)) {
                props.store(out, "clirbench local Kafka broker (for formatting only)");
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
        } finally {
            try {
                Files.deleteIfExists(config);
            } catch (IOException ignored) {
                // the directory is the owner's; the file is rewritten at the next format
            }
        }
    }

    /** Waits for the broker on its own listener, upserts the SCRAM user, then waits until a client can log in with it. */
    private void awaitReady(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (Admin internal = internalAdmin()) {
            retry(deadline, "answer on its internal listener", () -> internal.describeCluster().nodes().get(5, TimeUnit.SECONDS));
            retry(deadline, "store the SCRAM credential of " + credentials.user(), () -> internal.alterUserScramCredentials(List.of(
                    new UserScramCredentialUpsertion(credentials.user(),
                            new ScramCredentialInfo(ScramMechanism.SCRAM_SHA_256, SCRAM_ITERATIONS), credentials.password())))
                    .all().get(5, TimeUnit.SECONDS));
        }
        try (Admin client = Admin.create(clientConfig())) {
            retry(deadline, "accept a SCRAM login of " + credentials.user(), () -> client.describeCluster().nodes().get(5, TimeUnit.SECONDS));
        }
    }

    private interface Attempt {
        Object run() throws Exception;
    }

    private void retry(long deadline, String what, Attempt attempt) {
        while (true) {
            try {
                attempt.run();
                return;
            } catch (Exception e) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("Kafka broker on port " + port + " did not " + what + " in time", e);
                }
                sleep(200);
            }
        }
    }

    /** Creates these topics (1 partition, 1 replica) unless they exist. */
    public void createTopics(String... names) {
        createTopics(1, names);
    }

    /**
     * Creates these topics with {@code partitions} partitions (1 replica) unless they exist; an existing
     * topic keeps its count. Several partitions let consumers of one group (eval-service replicas) share a topic.
     */
    public void createTopics(int partitions, String... names) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be at least 1, got " + partitions);
        }
        try (Admin admin = internalAdmin()) {
            Set<String> existing = admin.listTopics().names().get(30, TimeUnit.SECONDS);
            List<NewTopic> missing = Arrays.stream(names).filter(n -> !existing.contains(n))
                    .map(n -> new NewTopic(n, partitions, (short) 1)).toList();
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

    /** What a client of this broker needs: {@code bootstrap.servers} and the SASL settings of {@link KafkaCredentials}. */
    public Map<String, Object> clientConfig() {
        Map<String, Object> config = new HashMap<>(credentials.clientProperties());
        config.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers());
        return config;
    }

    /** An admin client on the INTERNAL listener (PLAIN), which works before the SCRAM credential is stored. */
    private Admin internalAdmin() {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, "127.0.0.1:" + internalPort,
                AdminClientConfig.SECURITY_PROTOCOL_CONFIG, KafkaCredentials.SECURITY_PROTOCOL, "sasl.mechanism", "PLAIN",
                "sasl.jaas.config", credentials.plainClientJaas(),
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
     * {@code java -Xmx512m -cp local-kafka.jar:lib/* io.clirbench.kafka.LocalKafka --port 9092 --data-dir DIR [--partitions N]}
     * with {@code CLIRBENCH_KAFKA_USER} and {@code CLIRBENCH_KAFKA_PASSWORD} set: starts the broker,
     * creates the clirbench topics (N partitions each, default 1), prints {@code kafka ready on 127.0.0.1:PORT} and runs until the
     * process is stopped (SIGTERM shuts the broker down cleanly). Without the credentials it does not start.
     */
    public static void main(String[] args) {
        int port = 9092;
        Path dataDir = Path.of("data", "kafka");
        int partitions = 1;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--port" -> port = Integer.parseInt(value(args, ++i, "--port"));
                case "--data-dir" -> dataDir = Path.of(value(args, ++i, "--data-dir"));
                case "--partitions" -> partitions = Integer.parseInt(value(args, ++i, "--partitions"));
                default -> {
                    System.err.println("local-kafka: unknown option '" + args[i] + "'; usage: --port P --data-dir DIR [--partitions N]");
                    System.exit(2);
                }
            }
        }
        KafkaCredentials credentials;
        try {
            credentials = KafkaCredentials.fromEnvironment(System.getenv());
        } catch (RuntimeException e) {
            System.err.println("local-kafka: " + e.getMessage());
            System.exit(2);
            return;
        }
        LocalKafka kafka = start(dataDir, port, credentials);
        kafka.createTopics(partitions, CLIRBENCH_TOPICS.toArray(String[]::new));
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
