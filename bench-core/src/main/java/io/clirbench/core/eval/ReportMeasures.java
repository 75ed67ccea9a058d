package io.clirbench.core.eval;

import io.clirbench.core.metrics.StandardMeasures;

/** The measure set of a report, defined once: {@code bench eval}'s default and the eval-service's. */
public final class ReportMeasures {

    /** The §1 measures every report carries unless {@code --measures} says otherwise. */
    public static final StandardMeasures STANDARD = new StandardMeasures(StandardMeasures.DEFAULT_NAMES);

    private ReportMeasures() {
    }
}
