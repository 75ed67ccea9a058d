package io.clirbench.grpc.auth;

import io.grpc.Metadata;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/**
 * The shared secret that services present to each other ({@code clirbench.auth.service-token}),
 * sent as gRPC metadata {@code authorization: Bearer <token>}. An unset or blank token is
 * "not configured": it matches nothing, so a server without one refuses every call.
 */
public final class ServiceToken {

    /** The metadata key the token travels in. */
    public static final Metadata.Key<String> AUTHORIZATION = Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);

    static final String BEARER = "Bearer ";

    private final byte[] value;

    private ServiceToken(String value) {
        this.value = value.getBytes(StandardCharsets.UTF_8);
    }

    /** The configured token; empty or blank means not configured. */
    public static ServiceToken of(Optional<String> configured) {
        return new ServiceToken(configured.map(String::strip).orElse(""));
    }

    public static ServiceToken of(String configured) {
        return of(Optional.ofNullable(configured));
    }

    public boolean isConfigured() {
        return value.length > 0;
    }

    /** The header value a client sends. */
    String header() {
        return BEARER + new String(value, StandardCharsets.UTF_8);
    }

    /** Whether {@code header} is {@code Bearer <this token>}; compared in constant time, never true when unconfigured. */
    public boolean acceptsHeader(String header) {
        if (!isConfigured() || header == null || !header.startsWith(BEARER)) {
            return false;
        }
        byte[] presented = header.substring(BEARER.length()).strip().getBytes(StandardCharsets.UTF_8);
        return MessageDigest.isEqual(value, presented);
    }

    @Override
    public String toString() {
        return isConfigured() ? "ServiceToken[configured]" : "ServiceToken[not configured]";
    }
}
