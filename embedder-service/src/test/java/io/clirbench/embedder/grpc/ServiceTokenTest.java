package io.clirbench.embedder.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse;
import io.clirbench.grpc.auth.testing.ServiceTokenContract;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.clirbench.proto.embed.v1.Role;
import io.grpc.ManagedChannel;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Only callers with the service token get vectors or the model's Info; the others get UNAUTHENTICATED (grpc-auth's
 * {@link ServiceTokenContract}, which the index-service runs too).
 */
@QuarkusTest
class ServiceTokenTest extends ServiceTokenContract<ServiceTokenTest.EmbedChannel> {

    /** A test channel that sends a token. */
    record EmbedChannel(ManagedChannel channel) implements AutoCloseable {

        EmbedServiceGrpc.EmbedServiceBlockingStub stub(int seconds) {
            return EmbedServiceGrpc.newBlockingStub(channel).withDeadlineAfter(seconds, TimeUnit.SECONDS);
        }

        @Override
        public void close() throws InterruptedException {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @TestHTTPResource("/")
    URL url;

    @Override
    protected String serviceToken() {
        return TestChannels.SERVICE_TOKEN;
    }

    @Override
    protected EmbedChannel open(String token) {
        return new EmbedChannel(TestChannels.withToken(url, token));
    }

    @Override
    protected void awaitReady(EmbedChannel c) throws Exception {
        // the health service stays open for probes, like /q/health
        EmbedGrpcServiceTest.Readiness.await(c.channel(), HealthCheckResponse.ServingStatus.SERVING);
    }

    @Override
    protected Map<String, ProtectedCall<EmbedChannel>> protectedCalls() {
        Map<String, ProtectedCall<EmbedChannel>> calls = new LinkedHashMap<>();
        calls.put("Embed", c -> c.stub(30).embed(EmbedGrpcServiceTest.request(List.of("a forged text"), Role.DOCUMENT, "")));
        calls.put("Info", c -> c.stub(30).info(InfoRequest.getDefaultInstance()));
        return calls;
    }

    @Override
    protected void assertServed(EmbedChannel c) {
        assertThat(c.stub(60).embed(EmbedGrpcServiceTest.request(List.of("a text"), Role.DOCUMENT, "")).getVectorsCount()).isEqualTo(1);
    }
}
