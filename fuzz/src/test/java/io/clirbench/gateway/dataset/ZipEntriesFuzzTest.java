package io.clirbench.gateway.dataset;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.fuzz.Fuzz;
import io.clirbench.gateway.error.RequestRejectedException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The zip upload again, given well-formed zips whose entries (names, directories, contents, stored or deflated) the
 * fuzzer chooses: random bytes rarely make a valid central directory, so this is where entry names meet the
 * file system ({@code a} and {@code a/b}, {@code ./x}, {@code a//b}, long names...). Accepted:
 * {@link RequestRejectedException} only.
 */
class ZipEntriesFuzzTest {

    @FuzzTest
    void entries(FuzzedDataProvider data) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ZipOutputStream zip = new ZipOutputStream(bytes)) {
            int entries = data.consumeInt(1, 6);
            java.util.Set<String> names = new java.util.HashSet<>();
            for (int i = 0; i < entries; i++) {
                String name = data.consumeString(40);
                if (name.isEmpty() || !names.add(name)) {
                    continue;
                }
                ZipEntry e = new ZipEntry(name);
                if (data.consumeBoolean()) {
                    e.setMethod(ZipEntry.DEFLATED);
                }
                zip.putNextEntry(e);
                if (!name.endsWith("/")) {
                    zip.write(data.consumeBytes(data.consumeInt(0, 2000)));
                }
                zip.closeEntry();
            }
        } catch (java.util.zip.ZipException | IllegalArgumentException e) {
            return; // ZipOutputStream refused the entry (a name over 65,535 bytes): no zip to upload
        }
        Path work = Files.createDirectories(Fuzz.scratch().resolve("work"));
        try {
            new ZipUnpacker(ZipUploadFuzzTest.LIMITS).unpack(new ByteArrayInputStream(bytes.toByteArray()), work);
        } catch (RequestRejectedException e) {
            // documented
        }
    }
}
