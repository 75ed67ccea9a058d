package io.clirbench.gateway.retriever;

import io.clirbench.core.model.Document;
import io.clirbench.core.search.IndexKind;
import io.clirbench.gateway.client.EncoderInfo;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * What fills an index-service collection, as one line stored with it (index.v1 {@code fingerprint}); a run reuses a
 * collection only when the stored line starts with the one it would write (everything but the vectors' digest), else
 * it drops and rebuilds it. Fields, {@code ;}-separated:
 * <ul>
 * <li>BM25: {@code bm25;fields=lang+plain;docs=N;ids=sha256:..;texts=sha256:..} ({@code fields}: each text in its
 * language's field and in the plain field, since issue 40; a collection filled before is filled again)</li>
 * <li>dense: {@code dense;space=MODEL[+align-D];dim=..;normalized=..;pooling=..;max-tokens=..;index=..;docs=N;ids=..;texts=..},
 * then {@code ;vectors=sha256:..} once filled</li>
 * </ul>
 * {@code ids}: SHA-256 over each document id and a newline, in corpus order; {@code texts}: over each document's id,
 * tab, language, tab, indexed text, NUL. {@code vectors}: over the float bits (little-endian) of every vector in corpus
 * order. The vectors' digest describes the content but is not compared before reuse (knowing it means embedding
 * again); the model, its description and the texts that determine the vectors are.
 */
public final class CollectionFingerprint {

    static final String VECTORS = ";vectors=";

    private CollectionFingerprint() {
    }

    public static String bm25(List<Document> docs) {
        return "bm25;fields=lang+plain;docs=" + docs.size() + ";ids=" + ids(docs) + ";texts=" + texts(docs);
    }

    public static String dense(String space, EncoderInfo info, IndexKind kind, List<Document> docs) {
        return "dense;space=" + space + ";dim=" + info.dimension() + ";normalized=" + info.normalized() + ";pooling="
                + info.pooling() + ";max-tokens=" + info.maxTokens() + ";index=" + kind.id() + ";docs=" + docs.size()
                + ";ids=" + ids(docs) + ";texts=" + texts(docs);
    }

    /** What fills a sparse or multi-vector collection: the model's output ({@code space} = MODEL#OUTPUT) and the documents. */
    public static String encoderOutput(String space, EncoderInfo info, List<Document> docs) {
        return "output;space=" + space + ";sparse=" + info.sparseActivation() + ";multivector-dim=" + info.multivectorDimension()
                + ";multivector-normalized=" + info.multivectorNormalized() + ";max-tokens=" + info.maxTokens()
                + ";docs=" + docs.size() + ";ids=" + ids(docs) + ";texts=" + texts(docs);
    }

    /** The dense fingerprint with the digest of the vectors that fill the collection. */
    public static String withVectors(String fingerprint, float[][] vectors) {
        MessageDigest d = sha256();
        for (float[] v : vectors) {
            ByteBuffer b = ByteBuffer.allocate(v.length * 4).order(ByteOrder.LITTLE_ENDIAN);
            b.asFloatBuffer().put(v);
            d.update(b);
        }
        return fingerprint + VECTORS + "sha256:" + HexFormat.of().formatHex(d.digest());
    }

    /** Whether a collection whose stored fingerprint is {@code stored} holds what {@code expected} describes. */
    public static boolean matches(String stored, String expected) {
        if (stored == null || stored.isEmpty()) {
            return false;
        }
        int vectors = stored.indexOf(VECTORS);
        return (vectors < 0 ? stored : stored.substring(0, vectors)).equals(expected);
    }

    private static String ids(List<Document> docs) {
        MessageDigest d = sha256();
        for (Document doc : docs) {
            d.update((doc.id() + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return "sha256:" + HexFormat.of().formatHex(d.digest());
    }

    private static String texts(List<Document> docs) {
        MessageDigest d = sha256();
        for (Document doc : docs) {
            d.update((doc.id() + "\t" + doc.lang() + "\t" + doc.indexedText() + "\u0000").getBytes(StandardCharsets.UTF_8));
        }
        return "sha256:" + HexFormat.of().formatHex(d.digest());
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
