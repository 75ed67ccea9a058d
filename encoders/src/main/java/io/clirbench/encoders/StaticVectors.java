package io.clirbench.encoders;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;

/**
 * A static model's inference: a text's vector is the mean of its known tokens' rows of the weights (then L2
 * normalised when the card says so); a text with no known token gets the zero vector. The weights file is
 * little-endian float32, {@code vocabulary size x dimension}, row-major.
 */
public final class StaticVectors implements Inference {

    private final ModelCard card;
    private final float[] weights;

    StaticVectors(ModelCard card, float[] weights) {
        this.card = card;
        this.weights = weights;
    }

    /** Loads both files of a static card into an {@link Encoder}; a weights file of the wrong size names both files. */
    public static Encoder load(ModelCard card) {
        StaticVocabulary vocabulary = StaticVocabulary.load(card);
        long expected = (long) vocabulary.size() * card.dimension() * Float.BYTES;
        byte[] bytes;
        try (InputStream in = ModelFiles.open(card.weights(), card.source())) {
            bytes = in.readAllBytes();
        } catch (IOException e) {
            throw new ModelCardException(card.source() + ": field 'weights' (" + card.weights() + ") cannot be read: " + e.getMessage(), e);
        }
        if (bytes.length != expected) {
            throw new ModelCardException(card.source() + ": field 'weights' (" + card.weights() + ") holds " + bytes.length
                    + " bytes, expected " + expected + " (" + vocabulary.size() + " tokens of '" + card.vocabulary() + "' x "
                    + card.dimension() + " float32)", null);
        }
        float[] weights = new float[bytes.length / Float.BYTES];
        ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(weights);
        return new Encoder(card, vocabulary, new StaticVectors(card, weights));
    }

    @Override
    public float[][] encode(List<TokenizedText> texts) {
        int d = card.dimension();
        float[][] out = new float[texts.size()][];
        for (int i = 0; i < out.length; i++) {
            long[] ids = texts.get(i).ids();
            float[] mean = new float[d];
            for (long id : ids) {
                int row = (int) id * d;
                for (int j = 0; j < d; j++) {
                    mean[j] += weights[row + j];
                }
            }
            for (int j = 0; j < d && ids.length > 0; j++) {
                mean[j] /= ids.length;
            }
            out[i] = card.normalize() ? Vectors.l2Normalize(mean) : mean;
        }
        return out;
    }

    @Override
    public String device() {
        return "cpu";
    }

    @Override
    public void close() {
    }
}
