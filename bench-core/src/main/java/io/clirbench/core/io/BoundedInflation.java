package io.clirbench.core.io;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * A gzip stream that refuses to inflate without bound: past {@link InputLimits#INFLATED_BYTES}
 * inflated bytes in all, or when some {@link InputLimits#RATIO_WINDOW} inflated bytes came from
 * less than a {@link InputLimits#INFLATION_RATIO}th as many compressed bytes, the read throws
 * {@link InflationLimitException}. The counts run over the whole file, every gzip member included,
 * and are checked on every read. The ratio is judged per window, not over the file so far, so that
 * real text in front of a bomb (a corpus, then 50 GB of blank lines in 50 MB) does not buy it 100
 * times its own size: the first window of blank lines is refused, a few MiB in. The inflater reads
 * its input in 4 KiB steps (from a 64 KiB buffer), which is how finely compressed bytes are
 * counted. Two counters are all it needs; no library was worth a dependency of bench-core.
 */
public final class BoundedInflation extends InputStream {

    private final InputStream inflating;
    private final Counting compressed;
    private final long maxBytes;
    private final long maxRatio;
    private final long window;
    private long inflated;
    private long windowInflated;
    private long windowCompressed;

    BoundedInflation(InputStream gzip, long maxBytes, long maxRatio, long window) throws IOException {
        this.compressed = new Counting(new BufferedInputStream(gzip, 1 << 16));
        this.maxBytes = maxBytes;
        this.maxRatio = maxRatio;
        this.window = window;
        try {
            this.inflating = new GZIPInputStream(compressed, 1 << 12);
        } catch (IOException | RuntimeException e) {
            gzip.close();
            throw e;
        }
    }

    /** The inflated bytes of {@code gzip} (a stream at its gzip header), within the limits of {@link InputLimits}. */
    public static InputStream gunzip(InputStream gzip) throws IOException {
        return new BoundedInflation(gzip, InputLimits.INFLATED_BYTES, InputLimits.INFLATION_RATIO,
                InputLimits.RATIO_WINDOW);
    }

    @Override
    public int read() throws IOException {
        int b = inflating.read();
        if (b >= 0) {
            count(1);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n = inflating.read(b, off, len);
        if (n > 0) {
            count(n);
        }
        return n;
    }

    @Override
    public int available() throws IOException {
        return inflating.available();
    }

    @Override
    public void close() throws IOException {
        inflating.close();
    }

    private void count(int n) throws InflationLimitException {
        inflated += n;
        if (inflated > maxBytes) {
            throw new InflationLimitException("gzip data inflates to more than " + maxBytes
                    + " bytes (the inflated-size limit); the rest of the file is not read");
        }
        long out = inflated - windowInflated;
        if (out < window) {
            return;
        }
        long in = compressed.count - windowCompressed;
        if (out > maxRatio * in) {
            throw new InflationLimitException("gzip data inflates to more than " + maxRatio + " times its compressed size: "
                    + out + " bytes from " + in + ", from inflated byte " + windowInflated
                    + " on (the inflation-ratio limit); the rest of the file is not read");
        }
        windowInflated = inflated;
        windowCompressed = compressed.count;
    }

    /** Counts the compressed bytes the inflater reads. */
    private static final class Counting extends FilterInputStream {

        long count;

        Counting(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = in.skip(n);
            count += Math.max(0, skipped);
            return skipped;
        }
    }
}
