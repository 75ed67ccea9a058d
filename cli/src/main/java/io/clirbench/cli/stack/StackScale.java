package io.clirbench.cli.stack;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a local stack runs beyond one of each service on H2 files: PostgreSQL for the gateway and the
 * eval-service, more eval-service replicas, and the partition count of the clirbench topics.
 *
 * @param postgres        the database, when the services use PostgreSQL instead of their H2 files
 * @param extraEvalPorts  the ports of eval-service replicas 2, 3, ... (replica 1 is {@link StackConfig#evalPort})
 * @param kafkaPartitions partitions of each clirbench topic when the broker creates it
 * @param heaps           maximum heap ({@code -Xmx} value) by service ({@link #HEAP_DEFAULTS}' keys), where not the default
 */
public record StackScale(Optional<Postgres> postgres, List<Integer> extraEvalPorts, int kafkaPartitions, Map<String, String> heaps) {

    /**
     * Each service's default maximum heap. The index-service holds every exact store in its heap (n x dimension x 4
     * bytes, and 2.5 times that while an array grows by half): 2 GiB holds a quarter-million 384-d documents beside the
     * BM25 indexes (issue 40: 231,233 documents ran out of 1 GiB while the store filled). The gateway and the
     * eval-service hold the dataset they run: a million documents of the Debian scale corpus need about 3 GiB each.
     */
    public static final Map<String, String> HEAP_DEFAULTS = Map.of(
            "gateway", "1g", "eval", "1g", "index", "2g", "embedder", "768m", "kafka", "512m");

    /**
     * PostgreSQL at {@code url} (a JDBC URL without parameters, e.g. {@code jdbc:postgresql://127.0.0.1:5432/test}),
     * its tables in the schemas {@code <schemaPrefix>_gateway} and {@code <schemaPrefix>_eval} (Flyway creates them;
     * {@code currentSchema} of the URL points each service at its own, so stacks and tests with other prefixes share
     * one database). The password, if any, comes from {@code CLIRBENCH_PG_PASSWORD} in the environment.
     */
    public record Postgres(String url, String user, String schemaPrefix) {

        public Postgres {
            if (!url.startsWith("jdbc:postgresql://") || url.contains("?")) {
                throw new IllegalArgumentException("--postgres must be a JDBC URL like jdbc:postgresql://127.0.0.1:5432/test "
                        + "without parameters, got '" + url + "'");
            }
            if (!schemaPrefix.matches("[a-z][a-z0-9_]{0,40}")) {
                throw new IllegalArgumentException("--postgres-schema must be a lower-case identifier (a-z, 0-9, _), got '"
                        + schemaPrefix + "'");
            }
        }

        /** The schema of one service ({@code gateway}, {@code eval}). */
        public String schema(String service) {
            return schemaPrefix + "_" + service;
        }

        /** The JDBC URL of one service, pointed at its schema. */
        public String url(String service) {
            return url + "?currentSchema=" + schema(service);
        }
    }

    /** One eval-service, H2 files, topics of one partition. */
    public static final StackScale DEFAULT = new StackScale(Optional.empty(), List.of(), 1);

    public StackScale(Optional<Postgres> postgres, List<Integer> extraEvalPorts, int kafkaPartitions) {
        this(postgres, extraEvalPorts, kafkaPartitions, Map.of());
    }

    public StackScale {
        extraEvalPorts = List.copyOf(extraEvalPorts);
        heaps = Map.copyOf(heaps);
        heaps.forEach((service, size) -> {
            if (!HEAP_DEFAULTS.containsKey(service)) {
                throw new IllegalArgumentException("--heap names service '" + service + "'; the services are "
                        + String.join(", ", new java.util.TreeSet<>(HEAP_DEFAULTS.keySet())));
            }
            if (!size.matches("[1-9][0-9]{0,6}[mMgG]")) {
                throw new IllegalArgumentException("--heap " + service + "=" + size + ": a size like 768m or 4g");
            }
        });
        if (kafkaPartitions < 1) {
            throw new IllegalArgumentException("--kafka-partitions must be at least 1, got " + kafkaPartitions);
        }
        if (!extraEvalPorts.isEmpty() && postgres.isEmpty()) {
            throw new IllegalArgumentException("--eval-replicas " + (extraEvalPorts.size() + 1) + " needs --postgres: replicas "
                    + "share their state in one database, and each H2 file belongs to one process");
        }
    }

    /** The {@code -Xmx} option of {@code service}: its {@code --heap} value, else its default. */
    public String xmx(String service) {
        return "-Xmx" + heaps.getOrDefault(service, HEAP_DEFAULTS.get(service));
    }

    /** The maximum heap of {@code service} in bytes. */
    public long heapBytes(String service) {
        String size = heaps.getOrDefault(service, HEAP_DEFAULTS.get(service));
        long n = Long.parseLong(size.substring(0, size.length() - 1));
        return Character.toLowerCase(size.charAt(size.length() - 1)) == 'g' ? n << 30 : n << 20;
    }

    /** The process name of eval replica {@code index} (0-based): {@code eval}, {@code eval-2}, ... */
    public static String evalName(int index) {
        return index == 0 ? "eval" : String.format(Locale.ROOT, "eval-%d", index + 1);
    }
}
