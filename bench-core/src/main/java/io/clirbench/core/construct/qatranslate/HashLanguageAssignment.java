package io.clirbench.core.construct.qatranslate;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * XHotpotQA's seeded assignment ({@code LanguageAssigner}, version {@code sha256-hash-v1}): a unit's language is
 * {@code languages[h mod L]}, h the first 8 bytes (big-endian, unsigned) of SHA-256 of the UTF-8 bytes of
 * {@code seed \u001f source_id \u001f unit_id}. It depends on nothing but the seed, the ids and the language list (its order
 * included), so shards and reruns agree, and the same seed and list give the peer's assignment.
 */
public record HashLanguageAssignment(long seedValue, List<String> languages) implements LanguageAssignment {

    public static final String VERSION = "sha256-hash-v1";

    public HashLanguageAssignment {
        languages = List.copyOf(languages);
        if (languages.isEmpty()) {
            throw new IllegalArgumentException("a seeded assignment needs at least one language");
        }
    }

    @Override
    public String version() {
        return VERSION;
    }

    @Override
    public String manifestSha256() {
        return "";
    }

    @Override
    public Long seed() {
        return seedValue;
    }

    @Override
    public String problem(String sourceId, List<String> unitIds) {
        return sourceId == null || sourceId.isEmpty() ? "the source id is empty (the assignment hashes it)" : null;
    }

    @Override
    public String assign(String sourceId, String unitId) {
        try {
            byte[] key = (seedValue + "\u001f" + sourceId + "\u001f" + unitId).getBytes(StandardCharsets.UTF_8);
            byte[] d = MessageDigest.getInstance("SHA-256").digest(key);
            long v = 0;
            for (int k = 0; k < 8; k++) {
                v = (v << 8) | (d[k] & 0xff);
            }
            return languages.get((int) Long.remainderUnsigned(v, languages.size()));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
