package io.clirbench.index.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Consumer;

/**
 * Forces data to stable storage: a file's channel before it is renamed into place, and the parent
 * directory after the rename, so that the new name survives a power loss. File systems (and platforms)
 * that refuse to open or force a directory are tolerated: the directory force is best effort.
 */
public final class Fsync {

    /** Test hook: told every path that was forced (file or directory). */
    static volatile Consumer<Path> observer = p -> { };

    private Fsync() {
    }

    /** Forces the contents and metadata of an open file. */
    public static void file(FileChannel channel, Path path) throws IOException {
        channel.force(true);
        observer.accept(path);
    }

    /** Forces a directory (its entries); an {@link IOException} from a file system that refuses is ignored. */
    public static void directory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
            observer.accept(dir);
        } catch (IOException | UnsupportedOperationException e) {
            // e.g. Windows, or a file system without directory fsync: nothing more can be done
        }
    }

    /** Sets the test hook (package-private use from tests in other packages goes through this). */
    public static void observeForTests(Consumer<Path> o) {
        observer = o == null ? p -> { } : o;
    }
}
