package io.clirbench.core.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Places short chart labels so that none overlaps one placed before: a label that would overlap
 * is moved down (then up, when the plot's bottom is reached) in steps of one line until it is clear.
 * Labels are taken as boxes {@link #WIDTH} wide and {@link #HEIGHT} high, anchored at their start.
 */
final class LabelPlacer {

    static final double WIDTH = 56;
    static final double HEIGHT = 14;

    private final double top;
    private final double bottom;
    private final List<double[]> placed = new ArrayList<>();

    LabelPlacer(double top, double bottom) {
        this.top = top;
        this.bottom = bottom;
    }

    /** The baseline y for a label at {@code x}, as near {@code wanted} as the labels placed so far allow. */
    double place(double x, double wanted) {
        double y = Math.max(top, Math.min(bottom, wanted));
        for (int step = 0; step < 2 * (bottom - top) / HEIGHT + 2; step++) {
            // try wanted, +1 line, -1 line, +2, -2, ...
            double offset = ((step + 1) / 2) * HEIGHT * (step % 2 == 1 ? 1 : -1);
            double candidate = Math.max(top, Math.min(bottom, y + offset));
            if (clear(x, candidate)) {
                placed.add(new double[] {x, candidate});
                return candidate;
            }
        }
        placed.add(new double[] {x, y});
        return y;
    }

    private boolean clear(double x, double y) {
        for (double[] p : placed) {
            if (Math.abs(p[0] - x) < WIDTH && Math.abs(p[1] - y) < HEIGHT) {
                return false;
            }
        }
        return true;
    }
}
