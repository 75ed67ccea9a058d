package io.clirbench.encoders;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Splits texts into model batches bounded by padded tokens: texts are sorted by length so
 * that each batch pads little, and a batch holds at most {@code maxTexts} texts and at most
 * {@code maxTokens} tokens counted as batch size times its longest text (what the model runs).
 */
public final class BatchPlanner {

    private final int maxTokens;
    private final int maxTexts;

    public BatchPlanner(int maxTokens, int maxTexts) {
        if (maxTokens < 1 || maxTexts < 1) {
            throw new IllegalArgumentException("maxTokens and maxTexts must be positive: " + maxTokens + ", " + maxTexts);
        }
        this.maxTokens = maxTokens;
        this.maxTexts = maxTexts;
    }

    /**
     * Plans batches for texts of the given token lengths.
     *
     * @return batches of indices into {@code lengths}, each sorted by ascending length; every
     *     index appears once. A text longer than {@code maxTokens} gets a batch of its own.
     */
    public List<int[]> plan(int[] lengths) {
        Integer[] order = new Integer[lengths.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingInt(i -> lengths[i]));
        List<int[]> batches = new ArrayList<>();
        int start = 0;
        while (start < order.length) {
            int end = start + 1;
            // sorted ascending: the padded size of [start, end] is (end - start + 1) * lengths[end]
            while (end < order.length && end - start < maxTexts
                    && (long) (end - start + 1) * lengths[order[end]] <= maxTokens) {
                end++;
            }
            int[] batch = new int[end - start];
            for (int i = start; i < end; i++) {
                batch[i - start] = order[i];
            }
            batches.add(batch);
            start = end;
        }
        return batches;
    }
}
