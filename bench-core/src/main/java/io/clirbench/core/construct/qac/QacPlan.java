package io.clirbench.core.construct.qac;

import java.util.List;

/**
 * The items to build; the selection manifest (every source of the candidate pool by its seeded rank, selected or not,
 * with its setup, mode and expected question count); and the sources left out with the reason (a family with fewer
 * languages than {@code --min-languages}, or one that no setup of the mix can ask).
 */
public record QacPlan(List<QacItem> items, List<ManifestRow> manifest, List<Skipped> skipped) {

    public record Skipped(String docId, String family, String reason) {
    }

    /** One pool row; {@code mode} and {@code setup} null and {@code expectedQuestions} 0 when not selected. */
    public record ManifestRow(int poolRank, String docId, String family, boolean selected, QacMode mode, QacSetup setup,
                              int expectedQuestions) {
    }
}
