package io.clirbench.index.store;

import java.nio.charset.StandardCharsets;

/** The fixed payload of a point or text: document id, language tag (as the dataset gives it, canonical), parallel family. */
public record PointPayload(String docId, String lang, String family) {

    /**
     * Longest {@code doc_id}, {@code lang} or {@code family} a request may carry, in UTF-8 bytes. Far below
     * what the stores can hold (segment strings up to 1 MiB, Lucene terms up to 32,766 bytes), so one
     * request can never write a value that a restart or an index refuses.
     */
    public static final int MAX_FIELD_BYTES = 512;

    private static final int SHOWN_ID_CHARS = 64;

    public PointPayload {
        if (docId == null || docId.isEmpty()) {
            throw new InvalidRequestException("payload doc_id must not be empty");
        }
        lang = lang == null ? "" : lang;
        family = family == null ? "" : family;
    }

    /**
     * Request validation: every field at most {@link #MAX_FIELD_BYTES} UTF-8 bytes. Not done in the
     * constructor, so that data written before the limit existed still opens.
     */
    public void checkLimits() {
        checkLength("doc_id", docId);
        checkLength("lang", lang);
        checkLength("family", family);
    }

    private void checkLength(String field, String value) {
        // a UTF-16 unit never takes more than 3 UTF-8 bytes: short strings need no encoding
        if (value.length() * 3L <= MAX_FIELD_BYTES) {
            return;
        }
        int bytes = value.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_FIELD_BYTES) {
            throw new InvalidRequestException("payload " + field + " of doc_id '" + shortId() + "' has " + bytes
                    + " UTF-8 bytes, the limit is " + MAX_FIELD_BYTES);
        }
    }

    private String shortId() {
        if (docId.length() <= SHOWN_ID_CHARS) {
            return docId;
        }
        int end = SHOWN_ID_CHARS;
        if (Character.isHighSurrogate(docId.charAt(end - 1))) {
            end--;
        }
        return docId.substring(0, end) + "…";
    }
}
