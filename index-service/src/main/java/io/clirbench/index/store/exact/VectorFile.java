package io.clirbench.index.store.exact;

import io.clirbench.index.store.Fsync;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.StoreFailureException;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import java.util.zip.CheckedOutputStream;

/**
 * Binary file of one batch of points (a segment of an exact collection). Layout, version 1:
 * <pre>
 * magic      8 bytes  "CLIRVEC\0"
 * version    int32    1
 * dimension  int32
 * count      int32
 * vectors    count * dimension float32, little-endian, row-major
 * payloads   count * (doc_id, lang, family), each an int32 byte length + UTF-8 bytes
 * crc32      int64    CRC-32 of every byte before it
 * </pre>
 * Integers other than the vectors are big-endian ({@link DataOutputStream}). Files are written to a
 * temporary name, forced to disk and renamed (then the directory is forced), so a reader never sees half a
 * file and an acknowledged file survives a power loss; a damaged file is reported with its path.
 */
public final class VectorFile {

    static final byte[] MAGIC = "CLIRVEC\0".getBytes(StandardCharsets.US_ASCII);
    static final int VERSION = 1;
    private static final int CHUNK_FLOATS = 16_384;

    private VectorFile() {
    }

    /** Contents of one file: {@code count * dimension} floats and {@code count} payloads. */
    /** A file's header and payloads, and its vectors ({@code null} from {@link #scan}). */
    public record Contents(int dimension, float[] vectors, PointPayload[] payloads) {
        public int count() {
            return payloads.length;
        }
    }

    /**
     * Writes {@code count} rows atomically and durably: temporary file, forced to disk, renamed into place,
     * then the directory forced.
     */
    /** Copies the vector of row {@code row} into {@code out[0, dimension)}. */
    @FunctionalInterface
    public interface Rows {
        void copy(int row, float[] out);
    }

    public static void write(Path file, int dimension, float[] vectors, PointPayload[] payloads, int count) {
        write(file, dimension, (row, out) -> System.arraycopy(vectors, row * dimension, out, 0, dimension), payloads, count);
    }

    /**
     * As {@link #write(Path, int, float[], PointPayload[], int)}, the vectors copied row by row from {@code rows}: a store
     * that keeps them in another layout writes them without a second copy of them all (issue 40: a 231,233 x 384
     * store compacting its segments needed 355 MB more heap for that copy, and ran out of it).
     */
    public static void write(Path file, int dimension, Rows rows, PointPayload[] payloads, int count) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        CRC32 crc = new CRC32();
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE);
             OutputStream raw = Channels.newOutputStream(ch);
             DataOutputStream out = new DataOutputStream(new CheckedOutputStream(new BufferedOutputStream(raw, 1 << 16), crc))) {
            out.write(MAGIC);
            out.writeInt(VERSION);
            out.writeInt(dimension);
            out.writeInt(count);
            writeRows(out, rows, dimension, count);
            for (int i = 0; i < count; i++) {
                writeString(out, payloads[i].docId());
                writeString(out, payloads[i].lang());
                writeString(out, payloads[i].family());
            }
            out.flush();
            new DataOutputStream(raw).writeLong(crc.getValue());
            Fsync.file(ch, tmp); // the bytes are on disk before the name points at them
        } catch (IOException e) {
            throw new StoreFailureException(file + ": cannot write vector file: " + e.getMessage(), e);
        }
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StoreFailureException(file + ": cannot rename " + tmp + " into place: " + e.getMessage(), e);
        }
        Fsync.directory(file.toAbsolutePath().getParent()); // the rename itself is durable
    }

    /** Reads and verifies a file; any damage is a {@link StoreFailureException} naming the file. */
    public static Contents read(Path file) {
        return read(file, true);
    }

    /**
     * Verifies a file as {@link #read} does and keeps its payloads only: {@link #forEachVector} then reads its vectors
     * one row at a time, so a store loads a segment without a second copy of its vectors (issue 40).
     */
    public static Contents scan(Path file) {
        return read(file, false);
    }

    /** Hands each row's vector of a file {@link #scan} verified to {@code sink}, in file order (the array is reused). */
    public static void forEachVector(Path file, Contents scanned, VectorSink sink) {
        int dimension = scanned.dimension();
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            in.skipNBytes(MAGIC.length + 3 * Integer.BYTES);
            byte[] bytes = new byte[dimension * Float.BYTES];
            ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            float[] row = new float[dimension];
            for (int i = 0; i < scanned.payloads().length; i++) {
                new DataInputStream(in).readFully(bytes);
                buf.clear();
                buf.asFloatBuffer().get(row);
                sink.accept(i, row);
            }
        } catch (IOException e) {
            throw new StoreFailureException(file + ": cannot read vector file: " + e.getMessage(), e);
        }
    }

    /** Takes one row's vector. */
    @FunctionalInterface
    public interface VectorSink {
        void accept(int row, float[] vector);
    }

    private static Contents read(Path file, boolean keepVectors) {
        CRC32 crc = new CRC32();
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
             DataInputStream in = new DataInputStream(new CheckedInputStream(raw, crc))) {
            byte[] magic = in.readNBytes(MAGIC.length);
            if (magic.length < MAGIC.length) {
                throw new EOFException();
            }
            if (!java.util.Arrays.equals(magic, MAGIC)) {
                throw corrupt(file, "not a clirbench vector file (bad magic)");
            }
            int version = in.readInt();
            if (version != VERSION) {
                throw corrupt(file, "unsupported version " + version + " (this build reads " + VERSION + ")");
            }
            int dimension = in.readInt();
            int count = in.readInt();
            if (dimension < 1 || count < 0 || (long) dimension * count > Integer.MAX_VALUE - 8) {
                throw corrupt(file, "bad header: dimension " + dimension + ", count " + count);
            }
            float[] vectors = keepVectors ? readFloats(in, count * dimension) : skipFloats(in, count * dimension);
            PointPayload[] payloads = new PointPayload[count];
            for (int i = 0; i < count; i++) {
                payloads[i] = new PointPayload(readString(in, file), readString(in, file), readString(in, file));
            }
            long expected = crc.getValue();
            long stored = new DataInputStream(raw).readLong();
            if (stored != expected) {
                throw corrupt(file, "checksum mismatch (stored " + Long.toHexString(stored) + ", computed "
                        + Long.toHexString(expected) + ")");
            }
            if (raw.read() != -1) {
                throw corrupt(file, "trailing bytes after the checksum");
            }
            return new Contents(dimension, vectors, payloads);
        } catch (EOFException e) {
            throw corrupt(file, "truncated");
        } catch (IOException e) {
            throw new StoreFailureException(file + ": cannot read vector file: " + e.getMessage(), e);
        }
    }

    private static StoreFailureException corrupt(Path file, String why) {
        return new StoreFailureException(file + ": corrupt vector file: " + why);
    }

    private static void writeRows(DataOutputStream out, Rows rows, int dimension, int count) throws IOException {
        float[] row = new float[dimension];
        ByteBuffer buf = ByteBuffer.allocate(dimension * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        for (int r = 0; r < count; r++) {
            rows.copy(r, row);
            buf.clear();
            buf.asFloatBuffer().put(row);
            out.write(buf.array(), 0, dimension * Float.BYTES);
        }
    }

    /** Reads {@code n} floats' bytes (through the checksum) and keeps none of them. */
    private static float[] skipFloats(DataInputStream in, int n) throws IOException {
        byte[] bytes = new byte[CHUNK_FLOATS * Float.BYTES];
        for (int from = 0; from < n; from += CHUNK_FLOATS) {
            in.readFully(bytes, 0, Math.min(CHUNK_FLOATS, n - from) * Float.BYTES);
        }
        return null;
    }

    private static float[] readFloats(DataInputStream in, int n) throws IOException {
        float[] v = new float[n];
        byte[] bytes = new byte[CHUNK_FLOATS * Float.BYTES];
        ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        for (int from = 0; from < n; from += CHUNK_FLOATS) {
            int len = Math.min(CHUNK_FLOATS, n - from);
            in.readFully(bytes, 0, len * Float.BYTES);
            buf.clear();
            buf.asFloatBuffer().get(v, from, len);
        }
        return v;
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in, Path file) throws IOException {
        int len = in.readInt();
        if (len < 0 || len > 1 << 20) {
            throw corrupt(file, "bad string length " + len);
        }
        byte[] b = in.readNBytes(len);
        if (b.length != len) {
            throw new EOFException();
        }
        return new String(b, StandardCharsets.UTF_8);
    }
}
