package io.clirbench.core.qa.select;

import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Evidence selection from embeddings (no answer): every candidate sentence gets its cosine similarity to the
 * question; a paragraph scores the <b>maximum</b> of its sentences' similarities (one supporting sentence makes a
 * paragraph relevant; a mean would punish long paragraphs whose other sentences are off topic); the top
 * {@link SelectorOptions#paragraphs()} paragraphs are kept and, in each, the top {@link SelectorOptions#sentences()}
 * sentences at or above the threshold (the best one always). Ties go to the earlier paragraph or sentence.
 */
public final class EmbeddingSelector {

    private final SelectorOptions options;

    public EmbeddingSelector(SelectorOptions options) {
        this.options = options;
    }

    /**
     * The prediction for one instance.
     *
     * @param question  the question's vector
     * @param sentences per candidate (in candidate order), the vector of each sentence (in sentence order)
     */
    public QaPrediction predict(QaInstance instance, float[] question, float[][][] sentences) {
        List<Candidate> candidates = instance.candidates();
        if (sentences.length != candidates.size()) {
            throw new IllegalArgumentException("instance '" + instance.id() + "': " + sentences.length
                    + " candidate vector groups for " + candidates.size() + " candidates");
        }
        List<Scored> paragraphs = new ArrayList<>();
        for (int p = 0; p < candidates.size(); p++) {
            double[] sims = new double[sentences[p].length];
            double best = Double.NEGATIVE_INFINITY;
            for (int s = 0; s < sims.length; s++) {
                sims[s] = cosine(question, sentences[p][s]);
                best = Math.max(best, sims[s]);
            }
            if (sims.length > 0) {
                paragraphs.add(new Scored(p, best, sims));
            }
        }
        paragraphs.sort(Comparator.comparingDouble((Scored x) -> -x.score).thenComparingInt(x -> x.index));
        Set<FactKey> support = new LinkedHashSet<>();
        for (Scored paragraph : paragraphs.subList(0, Math.min(options.paragraphs(), paragraphs.size()))) {
            Integer[] order = new Integer[paragraph.sims.length];
            for (int s = 0; s < order.length; s++) {
                order[s] = s;
            }
            java.util.Arrays.sort(order, Comparator.comparingDouble((Integer s) -> -paragraph.sims[s]).thenComparingInt(s -> s));
            for (int k = 0; k < Math.min(options.sentences(), order.length); k++) {
                if (k > 0 && paragraph.sims[order[k]] < options.threshold()) {
                    break;
                }
                support.add(new FactKey(candidates.get(paragraph.index).id(), order[k]));
            }
        }
        return new QaPrediction(instance.id(), "", support, false);
    }

    /** Cosine similarity; 0 when either vector is zero. */
    static double cosine(float[] a, float[] b) {
        if (a.length != b.length) {
            throw new IllegalArgumentException("vectors of dimension " + a.length + " and " + b.length);
        }
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            na += (double) a[i] * a[i];
            nb += (double) b[i] * b[i];
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }

    private record Scored(int index, double score, double[] sims) {
    }
}
