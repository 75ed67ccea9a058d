package io.clirbench.kafka;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.Map;

/**
 * The one SASL user of the local broker and the client settings that carry it: SCRAM-SHA-256
 * over {@code SASL_PLAINTEXT} (loopback). {@code bench up} takes them from
 * {@code CLIRBENCH_KAFKA_USER} / {@code CLIRBENCH_KAFKA_PASSWORD} ({@code .bench/secrets.env});
 * tests make a random password per broker.
 */
public record KafkaCredentials(String user, String password) {

    public static final String USER_ENV = "CLIRBENCH_KAFKA_USER";
    public static final String PASSWORD_ENV = "CLIRBENCH_KAFKA_PASSWORD";
    public static final String SECURITY_PROTOCOL = "SASL_PLAINTEXT";
    public static final String MECHANISM = "SCRAM-SHA-256";

    private static final SecureRandom RANDOM = new SecureRandom();

    public KafkaCredentials {
        if (user == null || user.isBlank() || password == null || password.isBlank()) {
            throw new IllegalArgumentException("the Kafka user and password must both be set (" + USER_ENV + ", " + PASSWORD_ENV + ")");
        }
        if ((user + password).chars().anyMatch(c -> c == '"' || c == '\\' || c == '=' || c == ',' || c < 0x21 || c > 0x7e)) {
            // they go into JAAS strings and SCRAM user names unquoted
            throw new IllegalArgumentException("the Kafka user and password must be printable ASCII without quotes, backslashes, '=' or ','");
        }
    }

    /** From {@value #USER_ENV} and {@value #PASSWORD_ENV}; refuses to go on without them (no open broker). */
    public static KafkaCredentials fromEnvironment(Map<String, String> env) {
        String user = env.get(USER_ENV);
        String password = env.get(PASSWORD_ENV);
        if (user == null || user.isBlank() || password == null || password.isBlank()) {
            throw new IllegalStateException(USER_ENV + " and " + PASSWORD_ENV + " must be set: the broker takes authenticated clients only"
                    + " (bench up writes them to .bench/secrets.env)");
        }
        return new KafkaCredentials(user, password);
    }

    /** {@code user} with a random 32-byte base64url password. */
    public static KafkaCredentials random(String user) {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return new KafkaCredentials(user, Base64.getUrlEncoder().withoutPadding().encodeToString(bytes));
    }

    /** The client settings (without {@code bootstrap.servers}): security.protocol, sasl.mechanism, sasl.jaas.config. */
    public Map<String, String> clientProperties() {
        return Map.of("security.protocol", SECURITY_PROTOCOL, "sasl.mechanism", MECHANISM,
                "sasl.jaas.config", jaas("org.apache.kafka.common.security.scram.ScramLoginModule", ""));
    }

    /** The PLAIN login of the broker's own loopback listeners: it logs in as this user and accepts only it. */
    String plainServerJaas() {
        return jaas("org.apache.kafka.common.security.plain.PlainLoginModule", " user_" + user + "=\"" + password + "\"");
    }

    /** The PLAIN client login to those listeners. */
    String plainClientJaas() {
        return jaas("org.apache.kafka.common.security.plain.PlainLoginModule", "");
    }

    private String jaas(String module, String extra) {
        return module + " required username=\"" + user + "\" password=\"" + password + "\"" + extra + ";";
    }

    @Override
    public String toString() {
        return "KafkaCredentials[user=" + user + ", password=(hidden)]";
    }
}
