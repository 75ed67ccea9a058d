package io.clirbench.gateway;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.Assumptions;

/**
 * A file outside every dataset root whose reading shows: its access time is set back to 1971, and the first read
 * after that moves it (Linux {@code relatime} updates an access time older than the modification time). A test
 * links a dataset file to it and asserts afterwards that nothing read it. {@link #create} first checks, on a twin
 * file, that reads move the access time on this file system ({@code noatime} mounts do not): else the test is skipped.
 */
public final class ReadWitness {

    private static final FileTime LONG_AGO = FileTime.from(Instant.parse("1971-01-01T00:00:00Z"));

    private final Path file;

    private ReadWitness(Path file) {
        this.file = file;
    }

    /** A witness file holding {@code content}, in a new temporary directory under the system's (outside the roots). */
    public static ReadWitness create(String content) throws IOException {
        Path dir = Files.createTempDirectory("read-witness-").toRealPath();
        ReadWitness twin = new ReadWitness(Files.writeString(dir.resolve("twin.txt"), content));
        twin.reset();
        try (InputStream in = Files.newInputStream(twin.file)) {
            in.read();
        }
        Assumptions.assumeTrue(twin.wasRead(), "this file system does not record reads in the access time (noatime)");
        ReadWitness witness = new ReadWitness(Files.writeString(dir.resolve("outside.txt"), content));
        witness.reset();
        Assumptions.assumeFalse(witness.wasRead(), "the access time could not be set back");
        return witness;
    }

    public Path file() {
        return file;
    }

    /** Whether the file was read since it was made (or since {@link #reset}). */
    public boolean wasRead() throws IOException {
        return !Files.readAttributes(file, java.nio.file.attribute.BasicFileAttributes.class).lastAccessTime().equals(LONG_AGO);
    }

    private void reset() throws IOException {
        Files.getFileAttributeView(file, BasicFileAttributeView.class).setTimes(null, LONG_AGO, null);
    }
}
