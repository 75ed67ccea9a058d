package io.clirbench.index.grpc;

import io.clirbench.proto.index.v1.DescribeCollectionRequest;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Fail closed: an index-service started without a service token refuses every caller, whatever it sends. */
@QuarkusTest
@TestProfile(ServiceTokenUnsetTest.NoToken.class)
class ServiceTokenUnsetTest {

    public static class NoToken implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("clirbench.auth.service-token", "");
        }
    }

    @Test
    void everyCallIsUnauthenticated() throws Exception {
        for (String token : new String[] {IndexChannel.SERVICE_TOKEN, null, ""}) {
            try (IndexChannel channel = new IndexChannel(token)) {
                ServiceTokenTest.assertUnauthenticated(() -> channel.stub()
                        .describeCollection(DescribeCollectionRequest.newBuilder().setName("any").build()));
            }
        }
    }
}
