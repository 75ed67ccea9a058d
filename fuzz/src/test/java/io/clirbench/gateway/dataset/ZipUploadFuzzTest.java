package io.clirbench.gateway.dataset;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.fuzz.Fuzz;
import io.clirbench.gateway.error.RequestRejectedException;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The gateway's zip upload ({@link ZipUnpacker#unpack(java.io.InputStream, Path)}: stored, its central directory
 * checked, then inflated within limits), given raw bytes. A user's zip is refused with
 * {@link RequestRejectedException} (400 or 413, naming the entry); anything else, an
 * {@link java.io.UncheckedIOException} included (the unpacker's "unpacking an upload failed", a 500), is a finding.
 * Small limits, so that the limits are reached.
 */
class ZipUploadFuzzTest {

    static final ZipUnpacker.Limits LIMITS = new ZipUnpacker.Limits(1_000_000, 20, 200_000, 100);

    @FuzzTest
    void zip(byte[] data) throws Exception {
        Path work = Files.createDirectories(Fuzz.scratch().resolve("work"));
        try {
            new ZipUnpacker(LIMITS).unpack(new ByteArrayInputStream(data), work);
        } catch (RequestRejectedException e) {
            // documented
        }
    }
}
