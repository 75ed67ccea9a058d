package io.clirbench.grpc.auth;

import io.grpc.CallCredentials;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import java.util.concurrent.Executor;

/**
 * Call credentials that put {@code authorization: Bearer <service token>} on every call; as a
 * {@link #interceptor} they go on every call of a channel ({@code ManagedChannelBuilder.intercept}).
 * An unconfigured token sends nothing, so the server refuses the call.
 */
public final class ServiceTokenCredentials extends CallCredentials {

    private final ServiceToken token;

    public ServiceTokenCredentials(ServiceToken token) {
        this.token = token;
    }

    @Override
    public void applyRequestMetadata(RequestInfo requestInfo, Executor appExecutor, MetadataApplier applier) {
        Metadata headers = new Metadata();
        if (token.isConfigured()) {
            headers.put(ServiceToken.AUTHORIZATION, token.header());
        }
        applier.apply(headers);
    }

    /** A client interceptor giving every call of a channel these credentials. */
    public static ClientInterceptor interceptor(ServiceToken token) {
        CallCredentials credentials = new ServiceTokenCredentials(token);
        return new ClientInterceptor() {
            @Override
            public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
                return next.newCall(method, options.withCallCredentials(credentials));
            }
        };
    }
}
