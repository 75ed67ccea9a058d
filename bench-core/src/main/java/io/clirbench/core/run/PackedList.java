package io.clirbench.core.run;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.IntFunction;
import java.util.function.ToIntFunction;

/**
 * One query's ranked list as a service stores it (issue 40): each document as its index in a corpus (the dataset's
 * corpus order, which the dataset's content hash pins), each score as a 4-byte float when every score of the list is a
 * float exactly (a Lucene BM25 score, a float dot product), else as the 8-byte double it was. 8 bytes a hit for a usual
 * list, 12 at most, against about 160 for the protobuf event in a database row. An id the corpus does not hold (a run
 * may name one; {@code bench eval} counts it as unknown) is kept as text after the hits, so nothing is lost.
 *
 * <p>Layout, big-endian: a format byte ({@link #FLOAT_SCORES} or {@link #DOUBLE_SCORES}); {@code int n}; n {@code int}
 * document references (index &ge; 0 in the corpus, or {@code -(k + 1)} for the k-th unknown id); n scores; {@code int
 * u}; u unknown ids, each an {@code int} byte length and its UTF-8 bytes.
 *
 * @param queryId    the query (not stored in the bytes: the row's key holds it)
 * @param documents  document references in rank order: a corpus index, or {@code -(k + 1)} for {@code unknownIds[k]}
 * @param scores     the score of each document
 * @param unknownIds ids the corpus does not hold, in order of first appearance
 */
public record PackedList(String queryId, int[] documents, double[] scores, String[] unknownIds) {

    /** Format byte: scores stored as floats. */
    static final byte FLOAT_SCORES = 1;
    /** Format byte: scores stored as doubles. */
    static final byte DOUBLE_SCORES = 2;

    public PackedList {
        Objects.requireNonNull(queryId, "queryId");
        if (documents.length != scores.length) {
            throw new IllegalArgumentException("query '" + queryId + "': " + documents.length + " documents but "
                    + scores.length + " scores");
        }
    }

    /**
     * The list with its ids replaced by their corpus indexes ({@code corpusIndex} answers a negative number for an id
     * the corpus does not hold); rank order and scores are kept as given.
     */
    public static PackedList of(RankedList list, ToIntFunction<String> corpusIndex) {
        String[] ids = list.docIds();
        int[] documents = new int[ids.length];
        List<String> unknown = new ArrayList<>(0);
        for (int i = 0; i < ids.length; i++) {
            int index = corpusIndex.applyAsInt(ids[i]);
            if (index < 0) {
                unknown.add(ids[i]);
                index = -unknown.size();
            }
            documents[i] = index;
        }
        return new PackedList(list.queryId(), documents, list.scores().clone(), unknown.toArray(String[]::new));
    }

    /** Reads what {@link #toBytes()} wrote; {@code where} names the row in the message of bytes that do not fit. */
    public static PackedList fromBytes(String queryId, byte[] bytes, String where) {
        try {
            ByteBuffer in = ByteBuffer.wrap(bytes);
            byte format = in.get();
            if (format != FLOAT_SCORES && format != DOUBLE_SCORES) {
                throw new IllegalArgumentException("unknown format byte " + format);
            }
            int n = in.getInt();
            int[] documents = new int[n];
            in.asIntBuffer().get(documents);
            in.position(in.position() + 4 * n);
            double[] scores = new double[n];
            if (format == FLOAT_SCORES) {
                for (int i = 0; i < n; i++) {
                    scores[i] = in.getFloat();
                }
            } else {
                in.asDoubleBuffer().get(scores);
                in.position(in.position() + 8 * n);
            }
            String[] unknownIds = new String[in.getInt()];
            for (int k = 0; k < unknownIds.length; k++) {
                byte[] id = new byte[in.getInt()];
                in.get(id);
                unknownIds[k] = new String(id, StandardCharsets.UTF_8);
            }
            if (in.hasRemaining()) {
                throw new IllegalArgumentException(in.remaining() + " bytes left over");
            }
            return new PackedList(queryId, documents, scores, unknownIds);
        } catch (RuntimeException e) { // BufferUnderflowException, NegativeArraySizeException, ...
            throw new IllegalStateException(where + ": stored hits (" + bytes.length + " bytes) do not read as a packed list: "
                    + e, e);
        }
    }

    /** The stored form (see the class comment). */
    public byte[] toBytes() {
        boolean floats = true;
        for (double score : scores) {
            floats &= (double) (float) score == score;
        }
        byte[][] unknown = new byte[unknownIds.length][];
        int unknownBytes = 0;
        for (int k = 0; k < unknown.length; k++) {
            unknown[k] = unknownIds[k].getBytes(StandardCharsets.UTF_8);
            unknownBytes += 4 + unknown[k].length;
        }
        int n = documents.length;
        ByteBuffer out = ByteBuffer.allocate(1 + 4 + 4 * n + (floats ? 4 : 8) * n + 4 + unknownBytes);
        out.put(floats ? FLOAT_SCORES : DOUBLE_SCORES).putInt(n);
        out.asIntBuffer().put(documents);
        out.position(out.position() + 4 * n);
        for (double score : scores) {
            if (floats) {
                out.putFloat((float) score);
            } else {
                out.putDouble(score);
            }
        }
        out.putInt(unknown.length);
        for (byte[] id : unknown) {
            out.putInt(id.length).put(id);
        }
        return out.array();
    }

    /** The number of ranked documents. */
    public int size() {
        return documents.length;
    }

    /** The id of the document at {@code position}, {@code corpusId} giving the id of a corpus index. */
    public String docId(int position, IntFunction<String> corpusId) {
        int document = documents[position];
        return document >= 0 ? corpusId.apply(document) : unknownIds[-document - 1];
    }

    /** The list with its ids again, in the stored rank order. */
    public RankedList toList(IntFunction<String> corpusId) {
        String[] ids = new String[documents.length];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = docId(i, corpusId);
        }
        return new RankedList(queryId, ids, scores.clone());
    }

    /** Whether both hold the same documents with the same scores in the same order (records compare arrays by reference). */
    public boolean sameHits(PackedList other) {
        return Arrays.equals(documents, other.documents) && Arrays.equals(scores, other.scores)
                && Arrays.equals(unknownIds, other.unknownIds);
    }
}
