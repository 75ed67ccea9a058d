package io.clirbench.core.construct.parallel;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Plain text from a man page's roff source (the man macros), enough for retrieval, not for typesetting. Kept: section
 * ({@code .SH}) and subsection ({@code .SS}) headings, text lines, the arguments of font macros ({@code .B}, {@code .I},
 * and the alternating {@code .BR}, {@code .IR}, ... joined without spaces), {@code .IP}/{@code .TP} tags, {@code .UR}
 * URLs. Dropped: comments, {@code .TH}, every other request or macro (spacing, indentation, fill, string and macro
 * definitions, tables' {@code tbl} layout lines), font and size escapes, zero-width escapes. Translated: {@code \-},
 * {@code \e}, the common named characters ({@code \(em}, {@code \(aq}, {@code \[bu]}, ...; an unknown one is
 * dropped). Paragraphs are joined into lines; sections are separated by a blank line.
 */
public final class RoffText {

    /** One section: its heading and its text. */
    public record Section(String heading, String text) {
    }

    private static final Map<String, String> NAMED = Map.ofEntries(Map.entry("em", "—"), Map.entry("en", "–"), Map.entry("hy", "-"),
            Map.entry("aq", "'"), Map.entry("dq", "\""), Map.entry("lq", "“"), Map.entry("rq", "”"), Map.entry("oq", "‘"),
            Map.entry("cq", "’"), Map.entry("bu", "•"), Map.entry("co", "©"), Map.entry("rg", "®"), Map.entry("tm", "™"),
            Map.entry("de", "°"), Map.entry("mu", "×"), Map.entry("di", "÷"), Map.entry("+-", "±"), Map.entry("<=", "≤"),
            Map.entry(">=", "≥"), Map.entry("!=", "≠"), Map.entry("->", "→"), Map.entry("<-", "←"), Map.entry("ti", "~"),
            Map.entry("ha", "^"), Map.entry("rs", "\\"), Map.entry("sl", "/"), Map.entry("ba", "|"), Map.entry("fo", "«"),
            Map.entry("fc", "»"), Map.entry("Fo", "«"), Map.entry("Fc", "»"), Map.entry("ss", "ß"), Map.entry("a:", "ä"),
            Map.entry("o:", "ö"), Map.entry("u:", "ü"), Map.entry("A:", "Ä"), Map.entry("O:", "Ö"), Map.entry("U:", "Ü"),
            Map.entry("e'", "é"), Map.entry("e`", "è"), Map.entry("a`", "à"), Map.entry("c,", "ç"));
    private static final Pattern ESCAPE = Pattern.compile(
            "\\\\(f\\[[^]]*]|f\\(..|f.|s[-+]?\\d|s\\(..|\\*\\[[^]]*]|\\*\\(..|\\*.|\\[[^]]*]|\\(..|n\\(..|n.|[-e&~|^ %:c0tdu!{}'`.]|.)");
    private static final List<String> ALTERNATING = List.of("BR", "RB", "IR", "RI", "BI", "IB");

    private RoffText() {
    }

    /** The page's sections in order (text before the first {@code .SH} is dropped). */
    public static List<Section> sections(String roff) {
        List<Section> out = new ArrayList<>();
        String heading = null;
        StringBuilder text = new StringBuilder();
        StringBuilder paragraph = new StringBuilder();
        boolean skipDefinition = false;
        for (String raw : roff.replace("\r\n", "\n").split("\n", -1)) {
            String line = stripComment(raw);
            if (skipDefinition) {
                skipDefinition = !line.startsWith("..");
                continue;
            }
            if (line.startsWith(".") || line.startsWith("'")) {
                String[] parts = line.substring(1).strip().split("\\s+", 2);
                String macro = parts[0];
                String args = parts.length > 1 ? parts[1] : "";
                switch (macro) {
                    case "SH", "SS" -> {
                        flush(paragraph, text);
                        if (macro.equals("SH")) {
                            if (heading != null) {
                                out.add(new Section(heading, text.toString().strip()));
                            }
                            heading = inline(unquote(args)).strip();
                            text.setLength(0);
                        } else {
                            text.append(inline(unquote(args)).strip()).append('\n');
                        }
                    }
                    case "B", "I", "SM", "SB" -> paragraph.append(inline(String.join(" ", words(args)))).append(' ');
                    case "IP", "TP", "TQ", "PP", "LP", "P", "HP", "sp", "br", "RS", "RE", "EX", "EE", "nf", "fi" -> {
                        flush(paragraph, text);
                        if (macro.equals("IP") && !args.isBlank()) {
                            paragraph.append(inline(words(args).get(0))).append(' ');
                        }
                    }
                    case "UR", "MT" -> paragraph.append(inline(args.strip())).append(' ');
                    case "de", "ig" -> skipDefinition = true;
                    default -> {
                        if (ALTERNATING.contains(macro)) {
                            paragraph.append(inline(String.join("", words(args)))).append(' ');
                        }
                        // any other request or macro carries no text worth keeping
                    }
                }
            } else if (heading != null && !line.isBlank()) {
                paragraph.append(inline(line).strip()).append(' ');
            } else if (line.isBlank()) {
                flush(paragraph, text);
            }
        }
        flush(paragraph, text);
        if (heading != null) {
            out.add(new Section(heading, text.toString().strip()));
        }
        return out;
    }

    private static void flush(StringBuilder paragraph, StringBuilder text) {
        String p = paragraph.toString().replaceAll("\\s+", " ").strip();
        if (!p.isEmpty()) {
            text.append(p).append('\n');
        }
        paragraph.setLength(0);
    }

    private static String stripComment(String line) {
        if (line.startsWith(".\\\"") || line.startsWith("'\\\"") || line.startsWith("\\\"")) {
            return "";
        }
        int c = line.indexOf("\\\"");
        return c >= 0 && (c == 0 || line.charAt(c - 1) != '\\') ? line.substring(0, c) : line;
    }

    /** Macro arguments: space-separated, double quotes group. */
    static List<String> words(String args) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("\"((?:[^\"]|\"\")*)\"|(\\S+)").matcher(args);
        while (m.find()) {
            out.add(m.group(1) != null ? m.group(1).replace("\"\"", "\"") : m.group(2));
        }
        return out;
    }

    private static String unquote(String s) {
        return String.join(" ", words(s));
    }

    /** A text line with its escapes resolved. */
    static String inline(String s) {
        Matcher m = ESCAPE.matcher(s);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String e = m.group(1);
            String r;
            if (e.startsWith("(") && e.length() == 3) {
                r = NAMED.getOrDefault(e.substring(1), "");
            } else if (e.startsWith("[") && !e.startsWith("[u")) {
                r = NAMED.getOrDefault(e.substring(1, e.length() - 1), "");
            } else if (e.startsWith("[u") && e.length() > 3) {
                r = unicode(e.substring(2, e.length() - 1));
            } else {
                r = switch (e) {
                    case "-" -> "-";
                    case "e" -> "\\";
                    case "~", " ", "0" -> " ";
                    case "'" -> "'";
                    case "`" -> "`";
                    case "." -> ".";
                    default -> "";
                };
            }
            m.appendReplacement(out, Matcher.quoteReplacement(r));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String unicode(String hex) {
        try {
            return new String(Character.toChars(Integer.parseInt(hex.split("_")[0], 16)));
        } catch (IllegalArgumentException e) {
            return "";
        }
    }
}
