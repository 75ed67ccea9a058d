package io.clirbench.cli.stack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The local stack's credentials in {@code <state-dir>/secrets.env} ({@code .bench/secrets.env} by
 * default): the runner, reader and service tokens and the Kafka user and password, as
 * {@code KEY=VALUE} lines. Made on the first {@code bench up} (random: 32 bytes, base64url), kept
 * afterwards (so restarts and the CLI see the same values), readable by the owner only (file 600,
 * directory 700); {@code bench down} leaves it. Every process of the stack gets them as environment variables.
 */
public final class StackSecrets {

    public static final String FILE_NAME = "secrets.env";
    public static final String RUNNER_TOKEN = "CLIRBENCH_RUNNER_TOKEN";
    public static final String READER_TOKEN = "CLIRBENCH_READER_TOKEN";
    public static final String SERVICE_TOKEN = "CLIRBENCH_SERVICE_TOKEN";
    public static final String KAFKA_USER = "CLIRBENCH_KAFKA_USER";
    public static final String KAFKA_PASSWORD = "CLIRBENCH_KAFKA_PASSWORD";

    /** The keys, in file order; each a random value but the Kafka user name. */
    static final List<String> KEYS = List.of(RUNNER_TOKEN, READER_TOKEN, SERVICE_TOKEN, KAFKA_USER, KAFKA_PASSWORD);

    static final String DEFAULT_KAFKA_USER = "clirbench";

    private static final Set<PosixFilePermission> OWNER_FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> OWNER_DIR = PosixFilePermissions.fromString("rwx------");
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, String> values;

    private StackSecrets(Map<String, String> values) {
        this.values = Map.copyOf(values);
    }

    /**
     * Reads {@code <stateDir>/secrets.env}, writing it first when absent (or adding the keys it lacks);
     * the directory and the file are made the owner's only either way.
     */
    public static StackSecrets loadOrCreate(Path stateDir) {
        Path file = stateDir.resolve(FILE_NAME);
        try {
            Files.createDirectories(stateDir);
            Files.setPosixFilePermissions(stateDir, OWNER_DIR);
            Map<String, String> values = Files.exists(file) ? read(file) : new LinkedHashMap<>();
            boolean complete = values.keySet().containsAll(KEYS);
            for (String key : KEYS) {
                values.computeIfAbsent(key, k -> k.equals(KAFKA_USER) ? DEFAULT_KAFKA_USER : random());
            }
            if (!complete) {
                write(file, values);
            }
            Files.setPosixFilePermissions(file, OWNER_FILE);
            return new StackSecrets(values);
        } catch (IOException e) {
            throw new StackException("cannot prepare the stack's secrets in " + file + ": " + e.getMessage(), e);
        }
    }

    /** KEY=VALUE lines; blank lines and {@code #} comments are skipped; a line without '=' is an error naming its number. */
    private static Map<String, String> read(Path file) throws IOException {
        Map<String, String> values = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new StackException(file + " line " + (i + 1) + ": expected KEY=VALUE");
            }
            String value = line.substring(eq + 1).strip();
            if (!value.isEmpty()) {
                values.put(line.substring(0, eq).strip(), value);
            }
        }
        return values;
    }

    /** Written to a new owner-only file beside it, then moved over: never readable by others, never half written. */
    private static void write(Path file, Map<String, String> values) throws IOException {
        StringBuilder text = new StringBuilder("# clirbench local stack credentials (bench up made them; keep this file private)\n");
        values.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        Path tmp = file.resolveSibling(FILE_NAME + ".tmp");
        Files.deleteIfExists(tmp);
        Files.createFile(tmp, PosixFilePermissions.asFileAttribute(OWNER_FILE));
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** 32 random bytes, base64url without padding (43 characters). */
    static String random() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The variables every process of the stack gets. */
    public Map<String, String> environment() {
        return values;
    }

    public String get(String key) {
        return values.get(key);
    }

    @Override
    public String toString() {
        return "StackSecrets" + values.keySet() + " (values hidden)";
    }
}
