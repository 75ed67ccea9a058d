package io.clirbench.index.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.index.store.StoreFailureException;
import io.grpc.Status;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Test;

/** Store I/O failures reach clients as INTERNAL with a description, never as UNKNOWN. */
class GrpcErrorsTest {

    @Test
    void storeFailuresAndStrayIoErrorsAreInternal() {
        Status wrapped = GrpcErrors.toStatus(new StoreFailureException(
                "HNSW collection 'h': search failed: disk gone", new IOException("disk gone"))).getStatus();
        assertThat(wrapped.getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(wrapped.getDescription()).contains("'h'");

        Status stray = GrpcErrors.toStatus(new UncheckedIOException("reading _0.fdt", new IOException("disk gone")))
                .getStatus();
        assertThat(stray.getCode()).isEqualTo(Status.Code.INTERNAL);
        assertThat(stray.getDescription()).contains("_0.fdt");
    }
}
