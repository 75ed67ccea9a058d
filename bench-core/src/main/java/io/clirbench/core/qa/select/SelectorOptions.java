package io.clirbench.core.qa.select;

/**
 * How an encoder selector turns similarities into predicted support (README "bench qa run").
 * Defaults: the top 1 paragraph and its top 1 sentence, no threshold: xquad-mix has one gold paragraph with
 * one supporting sentence, HotpotQA-style data usually wants {@code paragraphs=2}.
 *
 * @param paragraphs how many paragraphs to keep (top-k by paragraph score), at least 1
 * @param sentences  how many sentences of each kept paragraph to predict (top-k), at least 1
 * @param threshold  a sentence is predicted only when its cosine similarity is at least this (use -1 for none);
 *                   the best sentence of a kept paragraph is always predicted, so no prediction is empty
 */
public record SelectorOptions(int paragraphs, int sentences, double threshold) {

    public static final SelectorOptions DEFAULTS = new SelectorOptions(1, 1, -1.0);

    public SelectorOptions {
        if (paragraphs < 1 || sentences < 1) {
            throw new IllegalArgumentException("selector options: paragraphs and sentences must be at least 1, got "
                    + paragraphs + " and " + sentences);
        }
        if (!(threshold >= -1.0 && threshold <= 1.0)) {
            throw new IllegalArgumentException("selector options: threshold must lie in [-1, 1], got " + threshold);
        }
    }
}
