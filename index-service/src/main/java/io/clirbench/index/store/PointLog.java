package io.clirbench.index.store;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.Consumer;

/**
 * The points of a sparse or multi-vector store on disk: {@code points.log}, an append-only file of records (doc id, lang,
 * family, int count, ints, float count, floats; big-endian), one upsert appended and forced at a time. Replaying it
 * in order rebuilds the store (a later record of a doc id replaces an earlier one). A torn last record (a crash while
 * appending) is cut off at open.
 */
public final class PointLog implements AutoCloseable {

    /** One stored point: its payload and its numbers (sparse: indices and weights; multivector: no ints, the matrix). */
    public record Entry(PointPayload payload, int[] ints, float[] floats) {
    }

    private final Path file;
    private final FileChannel channel;

    private PointLog(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /** Opens (creating) {@code dir/points.log}, handing every stored entry to {@code replay} in order. */
    public static PointLog open(Path dir, Consumer<Entry> replay) {
        Path file = dir.resolve("points.log");
        try {
            Files.createDirectories(dir);
            long good = 0;
            if (Files.exists(file)) {
                try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
                    CountingReader reader = new CountingReader(in);
                    Entry e;
                    while ((e = reader.next()) != null) {
                        replay.accept(e);
                        good = reader.offset;
                    }
                }
            }
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.READ);
            channel.truncate(good);
            channel.position(good);
            return new PointLog(file, channel);
        } catch (IOException e) {
            throw new StoreFailureException(file + ": cannot open: " + e.getMessage(), e);
        }
    }

    /** Appends the entries and forces them to disk. */
    public synchronized void append(List<Entry> entries) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(bytes))) {
            for (Entry e : entries) {
                out.writeUTF(e.payload().docId());
                out.writeUTF(e.payload().lang());
                out.writeUTF(e.payload().family());
                out.writeInt(e.ints().length);
                for (int x : e.ints()) {
                    out.writeInt(x);
                }
                out.writeInt(e.floats().length);
                for (float x : e.floats()) {
                    out.writeFloat(x);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        try {
            ByteBuffer buffer = ByteBuffer.wrap(bytes.toByteArray());
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            Fsync.file(channel, file);
        } catch (IOException e) {
            throw new StoreFailureException(file + ": cannot append: " + e.getMessage(), e);
        }
    }

    public long bytes() {
        try {
            return channel.size();
        } catch (IOException e) {
            return 0;
        }
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new StoreFailureException(file + ": cannot close: " + e.getMessage(), e);
        }
    }

    /** Reads entries and the offset after the last whole one. */
    private static final class CountingReader {
        private final DataInputStream in;
        long offset;

        CountingReader(DataInputStream in) {
            this.in = in;
        }

        Entry next() throws IOException {
            try {
                long start = offset;
                String id = in.readUTF();
                String lang = in.readUTF();
                String family = in.readUTF();
                long size = start + utf(id) + utf(lang) + utf(family);
                int[] ints = new int[checkedCount(in.readInt())];
                for (int i = 0; i < ints.length; i++) {
                    ints[i] = in.readInt();
                }
                float[] floats = new float[checkedCount(in.readInt())];
                for (int i = 0; i < floats.length; i++) {
                    floats[i] = in.readFloat();
                }
                offset = size + 8 + 4L * ints.length + 4L * floats.length;
                return new Entry(new PointPayload(id, lang, family), ints, floats);
            } catch (EOFException e) {
                return null; // the end, or a torn last record
            }
        }

        private static int checkedCount(int n) throws EOFException {
            if (n < 0) {
                throw new EOFException("negative count: torn record");
            }
            return n;
        }

        private static long utf(String s) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            try (DataOutputStream d = new DataOutputStream(b)) {
                d.writeUTF(s);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return b.size();
        }
    }

}
