package io.clirbench.core.report;

import java.util.List;
import java.util.Locale;

/**
 * A tiny builder of inline SVG (no scripts, no ids, no external resources): the chart classes
 * ({@link HeatMapSvg}, {@link CurveSvg}, {@link BarSvg}) draw with it. Every text is escaped and
 * every number is written with {@link Locale#ROOT}, so the same input gives the same bytes.
 */
public final class SvgChart {

    /** Colours of the runs, in order (colour-blind-safe Okabe–Ito palette). */
    private static final String[] RUN_COLOURS = {"#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9",
            "#000000", "#F0E442"};
    /** Stops of the sequential scale (ColorBrewer "Blues"), from 0 to 1. */
    private static final int[][] BLUES = {{0xf7, 0xfb, 0xff}, {0xc6, 0xdb, 0xef}, {0x6b, 0xae, 0xd6}, {0x21, 0x71, 0xb5},
            {0x08, 0x30, 0x6b}};

    private final StringBuilder out = new StringBuilder();

    /** Opens an {@code <svg>} of the given size with its {@code <title>} (also its aria-label) and description. */
    public SvgChart(int width, int height, String title, String description) {
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"").append(width).append("\" height=\"").append(height)
                .append("\" viewBox=\"0 0 ").append(width).append(' ').append(height)
                .append("\" role=\"img\" aria-label=\"").append(HtmlText.escape(title)).append("\" class=\"chart\">\n")
                .append("<title>").append(HtmlText.escape(title)).append("</title>\n")
                .append("<desc>").append(HtmlText.escape(description)).append("</desc>\n");
    }

    /** A linear or base-10 logarithmic mapping from data values to pixels. */
    public record Scale(double from, double to, double pixelFrom, double pixelTo, boolean log) {

        public static Scale linear(double from, double to, double pixelFrom, double pixelTo) {
            return new Scale(from, to, pixelFrom, pixelTo, false);
        }

        public static Scale log(double from, double to, double pixelFrom, double pixelTo) {
            if (from <= 0 || to <= 0) {
                throw new IllegalArgumentException("a log scale needs positive bounds, got " + from + ".." + to);
            }
            return new Scale(from, to, pixelFrom, pixelTo, true);
        }

        public double at(double value) {
            double a = log ? Math.log10(from) : from;
            double b = log ? Math.log10(to) : to;
            double v = log ? Math.log10(value) : value;
            double share = b == a ? 0.5 : (v - a) / (b - a);
            return pixelFrom + share * (pixelTo - pixelFrom);
        }
    }

    /** One entry of a legend: a swatch (filled box, or a line with an optional dash pattern) and its label. */
    public record LegendItem(String label, String colour, boolean line, String dash) {

        public static LegendItem box(String label, String colour) {
            return new LegendItem(label, colour, false, null);
        }

        public static LegendItem line(String label, String colour, String dash) {
            return new LegendItem(label, colour, true, dash);
        }
    }

    public SvgChart rect(double x, double y, double w, double h, String fill, String stroke, String tooltip) {
        out.append(tooltip == null ? "" : "<g><title>" + HtmlText.escape(tooltip) + "</title>");
        out.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(w))
                .append("\" height=\"").append(n(h)).append("\" fill=\"").append(fill).append('"');
        if (stroke != null) {
            out.append(" stroke=\"").append(stroke).append('"');
        }
        out.append("/>").append(tooltip == null ? "" : "</g>").append('\n');
        return this;
    }

    /** Text anchored at {@code start}, {@code middle} or {@code end}; {@code rotate} in degrees about (x, y). */
    public SvgChart text(double x, double y, String text, String anchor, String cssClass, String fill, int rotate) {
        out.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" text-anchor=\"").append(anchor)
                .append('"');
        if (cssClass != null) {
            out.append(" class=\"").append(cssClass).append('"');
        }
        if (fill != null) {
            out.append(" fill=\"").append(fill).append('"');
        }
        if (rotate != 0) {
            out.append(" transform=\"rotate(").append(rotate).append(' ').append(n(x)).append(' ').append(n(y)).append(")\"");
        }
        out.append('>').append(HtmlText.escape(text)).append("</text>\n");
        return this;
    }

    public SvgChart text(double x, double y, String text, String anchor) {
        return text(x, y, text, anchor, null, null, 0);
    }

    public SvgChart line(double x1, double y1, double x2, double y2, String stroke, String dash) {
        out.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append("\" stroke=\"").append(stroke).append('"');
        if (dash != null) {
            out.append(" stroke-dasharray=\"").append(dash).append('"');
        }
        out.append("/>\n");
        return this;
    }

    /** A polyline through points {x0, y0, x1, y1, ...} (pixels). */
    public SvgChart polyline(double[] xy, String stroke, String dash) {
        out.append("<polyline fill=\"none\" stroke-width=\"2\" stroke=\"").append(stroke).append('"');
        if (dash != null) {
            out.append(" stroke-dasharray=\"").append(dash).append('"');
        }
        out.append(" points=\"");
        for (int i = 0; i < xy.length; i += 2) {
            out.append(i == 0 ? "" : " ").append(n(xy[i])).append(',').append(n(xy[i + 1]));
        }
        out.append("\"/>\n");
        return this;
    }

    public SvgChart circle(double cx, double cy, double r, String fill, String tooltip) {
        out.append(tooltip == null ? "" : "<g><title>" + HtmlText.escape(tooltip) + "</title>");
        out.append("<circle cx=\"").append(n(cx)).append("\" cy=\"").append(n(cy)).append("\" r=\"").append(n(r))
                .append("\" fill=\"").append(fill).append("\" stroke=\"#ffffff\"/>").append(tooltip == null ? "" : "</g>")
                .append('\n');
        return this;
    }

    /** Horizontal axis at pixel row {@code y}: ticks with labels and a centred axis label below. */
    public SvgChart xAxis(Scale x, double y, List<Double> ticks, List<String> tickLabels, String label) {
        line(x.pixelFrom(), y, x.pixelTo(), y, "#333333", null);
        for (int i = 0; i < ticks.size(); i++) {
            double px = x.at(ticks.get(i));
            line(px, y, px, y + 5, "#333333", null);
            text(px, y + 18, tickLabels.get(i), "middle", "tick", null, 0);
        }
        return text((x.pixelFrom() + x.pixelTo()) / 2, y + 38, label, "middle", "axis", null, 0);
    }

    /** Vertical axis at pixel column {@code x} with light grid lines across to {@code gridTo}, and a rotated label. */
    public SvgChart yAxis(Scale y, double x, double gridTo, List<Double> ticks, String label) {
        line(x, y.pixelFrom(), x, y.pixelTo(), "#333333", null);
        for (double tick : ticks) {
            double py = y.at(tick);
            line(x + 1, py, gridTo, py, "#e3e3e3", null);
            line(x - 5, py, x, py, "#333333", null);
            text(x - 8, py + 4, String.format(Locale.ROOT, "%.1f", tick), "end", "tick", null, 0);
        }
        double middle = (y.pixelFrom() + y.pixelTo()) / 2;
        return text(x - 40, middle, label, "middle", "axis", null, -90);
    }

    /** A vertical legend whose top-left corner is (x, y). */
    /** Line height of wrapped labels, in pixels. */
    static final int LINE = 13;
    /** Characters per legend line (the legend column is about 130 px of 11 px text). */
    static final int LEGEND_CHARS = 20;

    public SvgChart legend(double x, double y, List<LegendItem> items) {
        double row = y;
        for (LegendItem item : items) {
            List<String> lines = wrap(item.label(), LEGEND_CHARS);
            if (item.line()) {
                out.append("<line x1=\"").append(n(x)).append("\" y1=\"").append(n(row + 6)).append("\" x2=\"")
                        .append(n(x + 24)).append("\" y2=\"").append(n(row + 6)).append("\" stroke=\"")
                        .append(item.colour()).append("\" stroke-width=\"2\"")
                        .append(item.dash() == null ? "" : " stroke-dasharray=\"" + item.dash() + "\"").append("/>\n");
            } else {
                rect(x + 6, row, 12, 12, item.colour(), null, null);
            }
            lines(x + 30, row + 10, lines, "start", "legend");
            row += Math.max(20, lines.size() * LINE + 7);
        }
        return this;
    }

    /** Lines of text one under the other, the first at {@code y}. */
    SvgChart lines(double x, double y, List<String> lines, String anchor, String cssClass) {
        for (int i = 0; i < lines.size(); i++) {
            text(x, y + i * LINE, lines.get(i), anchor, cssClass, null, 0);
        }
        return this;
    }

    /** Closes the element and returns the markup. */
    public String end() {
        return out.append("</svg>").toString();
    }

    /** The colour of the i-th run. */
    public static String runColour(int i) {
        return RUN_COLOURS[i % RUN_COLOURS.length];
    }

    /** A colour on the sequential scale for a value in [0, 1]. */
    public static String sequential(double value) {
        double v = Math.max(0, Math.min(1, value)) * (BLUES.length - 1);
        int i = Math.min((int) Math.floor(v), BLUES.length - 2);
        double t = v - i;
        StringBuilder colour = new StringBuilder("#");
        for (int c = 0; c < 3; c++) {
            int channel = (int) Math.round(BLUES[i][c] + t * (BLUES[i + 1][c] - BLUES[i][c]));
            colour.append(String.format(Locale.ROOT, "%02x", channel));
        }
        return colour.toString();
    }

    /** A label cut to {@code max} characters with an ellipsis (the full text belongs in a tooltip or table). */
    /**
     * A label as lines of at most {@code max} characters, broken only after a separator
     * ({@code / - _ + , :} or a space), never inside a word: a whole run name stays readable
     * ({@code multilingual-e5-small/} + {@code exact}). A single word longer than {@code max} keeps its own line whole.
     */
    static List<String> wrap(String label, int max) {
        List<String> tokens = new java.util.ArrayList<>();
        StringBuilder token = new StringBuilder();
        for (int i = 0; i < label.length(); i++) {
            char c = label.charAt(i);
            token.append(c);
            if ("/-_+,: ".indexOf(c) >= 0) {
                tokens.add(token.toString());
                token.setLength(0);
            }
        }
        if (!token.isEmpty()) {
            tokens.add(token.toString());
        }
        List<String> lines = new java.util.ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String t : tokens) {
            if (!line.isEmpty() && line.length() + t.length() > max) {
                lines.add(line.toString().strip());
                line.setLength(0);
            }
            line.append(t);
        }
        if (!line.isEmpty()) {
            lines.add(line.toString().strip());
        }
        return lines;
    }

    /** A pixel coordinate with one decimal. */
    public static String n(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
