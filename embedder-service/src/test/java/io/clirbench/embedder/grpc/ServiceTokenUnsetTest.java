package io.clirbench.embedder.grpc;

import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.grpc.ManagedChannel;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.net.URL;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Fail closed: a service started without a service token refuses every caller, whatever it sends. */
@QuarkusTest
@TestProfile(ServiceTokenUnsetTest.NoToken.class)
class ServiceTokenUnsetTest {

    public static class NoToken implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("clirbench.auth.service-token", "", "embedder.warm-up", "false");
        }
    }

    @TestHTTPResource("/")
    URL url;

    @Test
    void everyCallIsUnauthenticated() throws Exception {
        for (String token : new String[] {TestChannels.SERVICE_TOKEN, null, ""}) {
            ManagedChannel channel = TestChannels.withToken(url, token);
            try {
                ServiceTokenTest.assertUnauthenticated(() -> EmbedServiceGrpc.newBlockingStub(channel)
                        .withDeadlineAfter(30, TimeUnit.SECONDS).info(InfoRequest.getDefaultInstance()));
            } finally {
                channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            }
        }
    }
}
