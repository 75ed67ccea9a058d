package io.clirbench.gateway.client;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GrpcChannelsTest {

    @Test
    void hostPortTargetsGoThroughTheDnsResolver() {
        assertThat(GrpcChannels.grpcTarget("embedder-bge-m3:8080")).isEqualTo("dns:///embedder-bge-m3:8080");
        assertThat(GrpcChannels.grpcTarget("127.0.0.1:8091")).isEqualTo("dns:///127.0.0.1:8091");
        assertThat(GrpcChannels.grpcTarget("dns:///already:1")).isEqualTo("dns:///already:1");
    }
}
