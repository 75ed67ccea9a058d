package io.clirbench.index.store;

/** The fixed payload of a point or text: document id, ISO 639-1 language, parallel family. */
public record PointPayload(String docId, String lang, String family) {

    public PointPayload {
        if (docId == null || docId.isEmpty()) {
            throw new InvalidRequestException("payload doc_id must not be empty");
        }
        lang = lang == null ? "" : lang;
        family = family == null ? "" : family;
    }
}
