package io.clirbench.core.build.qac;

import java.util.List;

/** The items to build, and the source documents left out with the reason (a family with no language the setup allows). */
public record QacPlan(List<QacItem> items, List<Skipped> skipped) {

    public record Skipped(String docId, String family, String reason) {
    }
}
