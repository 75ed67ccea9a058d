package io.clirbench.grpc.auth.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * The service-token test every gRPC service runs (embedder and index: a {@code @QuarkusTest ServiceTokenTest} that
 * extends this, from grpc-auth's test-jar): each protected call made with no token, an empty one, a wrong one or the
 * real one with a character more is {@code UNAUTHENTICATED}; with the real token a call is served.
 *
 * @param <C> the service's test channel, opened with a token
 */
public abstract class ServiceTokenContract<C extends AutoCloseable> {

    /** One protected call on a channel. */
    @FunctionalInterface
    public interface ProtectedCall<C> {
        void call(C channel) throws Exception;
    }

    /** The token the service under test expects (its %test {@code clirbench.auth.service-token}). */
    protected abstract String serviceToken();

    /** A channel to the service that sends {@code token} ({@code null}: no token at all). */
    protected abstract C open(String token) throws Exception;

    /** Every call that needs the token, by name. */
    protected abstract Map<String, ProtectedCall<C>> protectedCalls();

    /** Makes a call with the real token and asserts what it answered. */
    protected abstract void assertServed(C channel) throws Exception;

    /** Waits until the service serves (e.g. through the open health service); nothing by default. */
    protected void awaitReady(C channel) throws Exception {
    }

    /** No token, an empty one, a wrong one, and the real one with a character more. */
    public static List<String> forgedTokens(String real) {
        return Arrays.asList(null, "", "wrong-token", real + "-");
    }

    public static void assertUnauthenticated(ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
    }

    @Test
    void callsWithoutOrWithAWrongTokenAreUnauthenticated() throws Exception {
        assertThat(protectedCalls()).isNotEmpty();
        for (String token : forgedTokens(serviceToken())) {
            try (C channel = open(token)) {
                awaitReady(channel);
                for (Map.Entry<String, ProtectedCall<C>> call : protectedCalls().entrySet()) {
                    assertThatThrownBy(() -> call.getValue().call(channel))
                            .as("%s with token %s", call.getKey(), token == null ? "(none)" : "'" + token + "'")
                            .isInstanceOfSatisfying(StatusRuntimeException.class,
                                    e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
                }
            }
        }
    }

    @Test
    void callsWithTheTokenAreServed() throws Exception {
        try (C channel = open(serviceToken())) {
            awaitReady(channel);
            assertServed(channel);
        }
    }
}
