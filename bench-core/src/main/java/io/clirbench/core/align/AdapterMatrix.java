package io.clirbench.core.align;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A square linear map of vectors, {@code v ↦ A v}, stored row-major. File format ({@code .f32}): the
 * {@code d × d} entries as little-endian IEEE float32, nothing else; the dimension is the square root of
 * the entry count (checked against the model's dimension when an embedder loads it).
 *
 * @param dimension d
 * @param values    row-major entries, {@code d·d} of them
 */
public record AdapterMatrix(int dimension, float[] values) {

    public AdapterMatrix {
        if (values.length != dimension * dimension) {
            throw new IllegalArgumentException("an adapter of dimension " + dimension + " needs " + dimension * dimension
                    + " values, got " + values.length);
        }
    }

    /** {@code A v} (a new array). */
    public float[] apply(float[] v) {
        if (v.length != dimension) {
            throw new IllegalArgumentException("vector of dimension " + v.length + " for an adapter of dimension " + dimension);
        }
        float[] out = new float[dimension];
        for (int r = 0; r < dimension; r++) {
            double s = 0;
            int base = r * dimension;
            for (int c = 0; c < dimension; c++) {
                s += values[base + c] * v[c];
            }
            out[r] = (float) s;
        }
        return out;
    }

    /** Writes the {@code .f32} file. */
    public void write(Path file) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (float f : values) {
            b.putFloat(f);
        }
        Files.write(file, b.array());
    }

    /** Reads a {@code .f32} file; a size that is not 4·d² is an error naming the file. */
    public static AdapterMatrix read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int n = bytes.length / 4;
        int d = (int) Math.round(Math.sqrt(n));
        if (bytes.length % 4 != 0 || d * d != n || d == 0) {
            throw new IOException(file + ": " + bytes.length + " bytes is not d·d float32 values");
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        float[] values = new float[n];
        for (int i = 0; i < n; i++) {
            values[i] = b.getFloat();
        }
        return new AdapterMatrix(d, values);
    }

    /** SHA-256 of the entries' bytes, first 12 hex digits: names a set of adapters in caches and collections. */
    public String digest() {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            ByteBuffer b = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
            for (float f : values) {
                b.putFloat(f);
            }
            return HexFormat.of().formatHex(md.digest(b.array())).substring(0, 12);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
