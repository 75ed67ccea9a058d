package io.clirbench.core.report;

/** Text made literal in LaTeX: the one escape of every LaTeX table we write (report exports, leaderboards). */
public final class LatexText {

    private LatexText() {
    }

    /**
     * {@code text} with LaTeX's special characters made literal: {@code & % $ # _ { }} by a backslash; {@code \ ~ ^ < >},
     * which have no one-character escape (and {@code < >} print as ¡ ¿ in the default OT1 encoding), as
     * {@code \textbackslash{}}, {@code \textasciitilde{}}, {@code \textasciicircum{}}, {@code \textless{}},
     * {@code \textgreater{}}; Δ as {@code $\Delta$}; a line break becomes a space (a table row stays one line).
     */
    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 8);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\textbackslash{}");
                case '~' -> out.append("\\textasciitilde{}");
                case '^' -> out.append("\\textasciicircum{}");
                case '<' -> out.append("\\textless{}");
                case '>' -> out.append("\\textgreater{}");
                case '{', '}', '_', '&', '%', '#', '$' -> out.append('\\').append(c);
                case 'Δ' -> out.append("$\\Delta$");
                case '\n', '\r' -> out.append(' ');
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
