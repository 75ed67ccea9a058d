package io.clirbench.core.run;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import java.nio.charset.StandardCharsets;

/**
 * The sizes of a dataset that a run's cost grows with ({@link RunSizeEstimate}): counts, the heap bytes of its texts, and
 * its longest ids (which bound a QueryResult event's size).
 *
 * @param documents            corpus documents
 * @param queries              queries
 * @param documentTextBytes    heap bytes of the documents' titles and texts as Java holds them (compact strings: 1 byte
 *                             a character when a string is all Latin-1, else 2)
 * @param queryTextBytes       the same for the queries' texts
 * @param longestDocIdBytes    UTF-8 bytes of the longest document id
 * @param longestQueryIdBytes  UTF-8 bytes of the longest query id
 */
public record DatasetFootprint(int documents, int queries, long documentTextBytes, long queryTextBytes,
                               int longestDocIdBytes, int longestQueryIdBytes) {

    public DatasetFootprint {
        if (documents < 0 || queries < 0 || documentTextBytes < 0 || queryTextBytes < 0 || longestDocIdBytes < 0
                || longestQueryIdBytes < 0) {
            throw new IllegalArgumentException("negative size in " + documents + " documents, " + queries + " queries, "
                    + documentTextBytes + "/" + queryTextBytes + " text bytes, ids " + longestDocIdBytes + "/"
                    + longestQueryIdBytes + " bytes");
        }
    }

    /** The footprint of a dataset read in full: one pass over its texts. */
    public static DatasetFootprint of(Dataset dataset) {
        long docText = 0;
        int docId = 0;
        for (Document d : dataset.corpus()) {
            docText += heapBytes(d.title()) + heapBytes(d.text());
            docId = Math.max(docId, utf8Bytes(d.id()));
        }
        long queryText = 0;
        int queryId = 0;
        for (Query q : dataset.queries()) {
            queryText += heapBytes(q.text());
            queryId = Math.max(queryId, utf8Bytes(q.id()));
        }
        return new DatasetFootprint(dataset.corpus().size(), dataset.queries().size(), docText, queryText, docId, queryId);
    }

    /** Bytes of a string's characters on the heap: 1 a character when all are Latin-1 (JDK compact strings), else 2. */
    static long heapBytes(String s) {
        if (s == null) {
            return 0;
        }
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 0xFF) {
                return 2L * s.length();
            }
        }
        return s.length();
    }

    private static int utf8Bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
