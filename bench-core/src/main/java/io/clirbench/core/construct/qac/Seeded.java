package io.clirbench.core.construct.qac;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * Seeded choices that depend on (seed, key) only, never on the order of work: the first 8 bytes of
 * SHA-256({@code seed:key}) as an unsigned number, modulo the number of options.
 */
final class Seeded {

    private Seeded() {
    }

    static <T> T pick(long seed, String key, List<T> options) {
        if (options.isEmpty()) {
            throw new IllegalArgumentException("nothing to choose from for " + key);
        }
        return options.get((int) Long.remainderUnsigned(hash(seed, key), options.size()));
    }

    static long hash(long seed, String key) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest((seed + ":" + key).getBytes(StandardCharsets.UTF_8));
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = (v << 8) | (d[i] & 0xff);
            }
            return v;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
