package io.clirbench.grpc.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A real (in-process) gRPC server behind the check, called by real channels with and without the credentials. */
class ServiceTokenCheckTest {

    private static final String TOKEN = "s3cr3t-service-token";

    private final List<String> received = new CopyOnWriteArrayList<>();
    private Server server;
    private ManagedChannel channel;

    @AfterEach
    void close() {
        if (channel != null) {
            channel.shutdownNow();
        }
        if (server != null) {
            server.shutdownNow();
        }
    }

    @Test
    void callWithTheTokenReachesTheService() throws IOException {
        start(ServiceToken.of(TOKEN), ServiceToken.of(TOKEN));
        assertThat(call("test.Echo", "hello")).isEqualTo("echo hello");
        assertThat(received).containsExactly("hello");
    }

    @Test
    void callWithoutOrWithAWrongTokenIsUnauthenticatedAndNeverReachesTheService() throws IOException {
        for (String clientToken : new String[] {null, "", "wrong-token", TOKEN + "x", TOKEN.substring(1)}) {
            start(ServiceToken.of(TOKEN), ServiceToken.of(clientToken));
            assertThatThrownBy(() -> call("test.Echo", "hello")).as("client token %s", clientToken)
                    .isInstanceOfSatisfying(StatusRuntimeException.class,
                            e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
            close();
        }
        assertThat(received).isEmpty();
    }

    @Test
    void aServerWithoutATokenRefusesEveryCallEvenAnEmptyBearer() throws IOException {
        start(ServiceToken.of(""), ServiceToken.of(""));
        assertThatThrownBy(() -> call("test.Echo", "hello")).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED);
            assertThat(e.getStatus().getDescription()).contains("no service token configured");
        });
        assertThat(received).isEmpty();
    }

    @Test
    void healthIsOpenLikeTheHttpHealthPath() throws IOException {
        start(ServiceToken.of(TOKEN), ServiceToken.of((String) null));
        assertThat(call("grpc.health.v1.Health", "probe")).isEqualTo("echo probe");
    }

    private void start(ServiceToken serverToken, ServiceToken clientToken) throws IOException {
        String name = InProcessServerBuilder.generateName();
        ServerServiceDefinition echo = ServerServiceDefinition.builder("test.Echo")
                .addMethod(method("test.Echo"), ServerCalls.asyncUnaryCall((req, out) -> {
                    received.add(req);
                    out.onNext("echo " + req);
                    out.onCompleted();
                })).build();
        ServerServiceDefinition health = ServerServiceDefinition.builder("grpc.health.v1.Health")
                .addMethod(method("grpc.health.v1.Health"), ServerCalls.asyncUnaryCall((req, out) -> {
                    out.onNext("echo " + req);
                    out.onCompleted();
                })).build();
        ServiceTokenCheck check = new ServiceTokenCheck(serverToken);
        server = InProcessServerBuilder.forName(name).directExecutor()
                .addService(ServerInterceptors.intercept(echo, check))
                .addService(ServerInterceptors.intercept(health, check)).build().start();
        channel = InProcessChannelBuilder.forName(name).directExecutor()
                .intercept(ServiceTokenCredentials.interceptor(clientToken)).build();
    }

    private String call(String service, String request) {
        return ClientCalls.blockingUnaryCall(channel, method(service), CallOptions.DEFAULT, request);
    }

    private static MethodDescriptor<String, String> method(String service) {
        return MethodDescriptor.<String, String>newBuilder().setType(MethodDescriptor.MethodType.UNARY)
                .setFullMethodName(MethodDescriptor.generateFullMethodName(service, "Call"))
                .setRequestMarshaller(STRINGS).setResponseMarshaller(STRINGS).build();
    }

    private static final MethodDescriptor.Marshaller<String> STRINGS = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(String value) {
            return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public String parse(InputStream stream) {
            try {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };
}
