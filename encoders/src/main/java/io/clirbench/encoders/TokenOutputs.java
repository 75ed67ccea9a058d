package io.clirbench.encoders;

import ai.onnxruntime.OnnxTensor;
import java.nio.FloatBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a per-token output tensor into the card's sparse weights ({@link SparseOutput}) or token vectors
 * ({@link MultiVectorOutput}), one {@code float[]} per text: packed {@link SparseWeights}, or the kept tokens' vectors
 * row-major. Only the positions a text occupies in its padded row are read (left or right padding).
 */
final class TokenOutputs {

    private TokenOutputs() {
    }

    /** The card's declaration of an output, or an error naming the card when it has none. */
    static <T> T declared(T output, ModelCard card) {
        if (output == null) {
            throw new IllegalStateException(card.id() + ": the card declares no such output");
        }
        return output;
    }

    /** Sparse weights per text ({@link SparseOutput}'s formulas), packed by {@link SparseWeights#pack}. */
    static float[][] sparse(SparseOutput sparse, OnnxTensor output, List<TokenizedText> texts, long[] mask, int seq, boolean left) {
        long[] shape = output.getInfo().getShape();
        FloatBuffer data = output.getFloatBuffer();
        int width = shape.length == 2 ? 1 : (int) shape[2];
        float[][] out = new float[texts.size()][];
        for (int b = 0; b < texts.size(); b++) {
            TokenizedText text = texts.get(b);
            int first = left ? seq - text.length() : 0;
            Map<Integer, Float> weights = new HashMap<>();
            for (int i = 0; i < text.length(); i++) {
                int position = b * seq + first + i;
                if (mask[position] == 0) {
                    continue;
                }
                if (sparse.activation() == SparseOutput.Activation.SPLADE) {
                    int base = position * width;
                    for (int j = 0; j < width; j++) {
                        float x = data.get(base + j);
                        if (x > 0) {
                            weights.merge(j, (float) Math.log1p(x), Math::max);
                        }
                    }
                } else if (!text.isSpecial(i)) {
                    float x = data.get(position * width);
                    if (x > 0) {
                        weights.merge((int) text.ids()[i], x, Math::max);
                    }
                }
            }
            out[b] = SparseWeights.of(weights).pack();
        }
        return out;
    }

    /** Token vectors per text, row-major ({@link MultiVectorOutput}: first token skipped, rows normalised as declared). */
    static float[][] multivector(MultiVectorOutput multi, OnnxTensor output, List<TokenizedText> texts, long[] mask, int seq,
                                 boolean left) {
        FloatBuffer data = output.getFloatBuffer();
        int dim = multi.dimension();
        float[][] out = new float[texts.size()][];
        for (int b = 0; b < texts.size(); b++) {
            TokenizedText text = texts.get(b);
            int first = left ? seq - text.length() : 0;
            int from = multi.skipFirstToken() ? 1 : 0;
            int kept = 0;
            float[] rows = new float[Math.max(0, text.length() - from) * dim];
            for (int i = from; i < text.length(); i++) {
                int position = b * seq + first + i;
                if (mask[position] == 0) {
                    continue;
                }
                float[] row = new float[dim];
                data.get(position * dim, row, 0, dim);
                System.arraycopy(multi.normalize() ? Vectors.l2Normalize(row) : row, 0, rows, kept * dim, dim);
                kept++;
            }
            out[b] = kept * dim == rows.length ? rows : java.util.Arrays.copyOf(rows, kept * dim);
        }
        return out;
    }
}
