package io.clirbench.embedder.grpc;

import io.clirbench.grpc.auth.ServiceToken;
import io.clirbench.grpc.auth.ServiceTokenCredentials;
import io.grpc.ManagedChannel;
import io.grpc.ManagedChannelBuilder;
import java.net.URL;

/** A plaintext channel to the service under test whose calls carry the %test service token, as the gateway's do. */
public final class TestChannels {

    /** The %test profile's {@code clirbench.auth.service-token}. */
    public static final String SERVICE_TOKEN = "test-service-token";

    private TestChannels() {
    }

    public static ManagedChannel open(URL url) {
        return withToken(url, SERVICE_TOKEN);
    }

    /** A channel sending {@code token} ({@code null}: no token at all). */
    static ManagedChannel withToken(URL url, String token) {
        return ManagedChannelBuilder.forAddress(url.getHost(), url.getPort()).usePlaintext()
                .intercept(ServiceTokenCredentials.interceptor(ServiceToken.of(token))).build();
    }
}
