package io.clirbench.core.eval;

import io.clirbench.core.metrics.StandardMeasures;
import java.util.List;

/** The measure set of a report, defined once: {@code bench eval}'s default and the eval-service's. */
public final class ReportMeasures {

    /** The §1 measures every report carries unless {@code --measures} says otherwise. */
    public static final StandardMeasures STANDARD = new StandardMeasures(StandardMeasures.DEFAULT_NAMES);

    private ReportMeasures() {
    }

    /**
     * The measures of a report on {@code info}'s dataset: {@link #STANDARD}, then the dataset's official measures it
     * lacks ({@code dataset.json} {@code "officialMeasures"}, e.g. NeuCLIR's nDCG@20), so such a dataset's reports
     * show the number its collection publishes.
     */
    public static StandardMeasures forDataset(io.clirbench.core.model.DatasetInfo info) {
        List<String> official = io.clirbench.core.dataset.OfficialMeasures.of(info);
        if (STANDARD.names().containsAll(official)) {
            return STANDARD;
        }
        java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>(STANDARD.names());
        names.addAll(official);
        return new StandardMeasures(List.copyOf(names));
    }
}
