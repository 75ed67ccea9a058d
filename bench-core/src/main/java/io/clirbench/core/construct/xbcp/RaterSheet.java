package io.clirbench.core.construct.xbcp;

import io.clirbench.core.io.Csv;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The verification sample as a sheet for bilingual raters (XBCP has its translations verified by experts), and the
 * ratings read back. The sheet is blind: source and translation (title, blank line, text, as the judge sees them) and
 * empty score columns, never the judge's scores. A rater fills accuracy, fluency and completeness (1–5, the judge's
 * rubric), a justification for any score below 5, and a name. A cell a spreadsheet would run as a formula (starting with
 * {@code = + - @}) is written after an apostrophe; the scores are read from their own columns only.
 */
public final class RaterSheet {

    public static final List<String> COLUMNS = List.of("docid", "lang", "source", "translation", "accuracy", "fluency", "completeness",
            "justification", "rater");

    /** One filled row. */
    public record Rating(String docId, String lang, int accuracy, int fluency, int completeness, String justification, String rater) {

        /** As a {@link Judgement}, so the judge's gate and tables apply to people too. */
        public Judgement asJudgement() {
            return new Judgement(docId, lang, accuracy, fluency, completeness, justification, null, 1);
        }
    }

    private RaterSheet() {
    }

    /** The sheet of the sampled translations (titles from {@code titles}, by translated docid). */
    public static String render(List<Translation> sample, Map<String, Translation> titles) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(COLUMNS);
        for (Translation t : sample) {
            TranslationRequest r = t.request();
            Translation title = titles.get(r.translatedId());
            boolean withTitle = title != null && title.ok();
            String source = withTitle ? title.request().text() + "\n\n" + r.text() : r.text();
            String translation = withTitle ? title.text() + "\n\n" + t.text() : t.text();
            rows.add(List.of(r.translatedId(), r.targetLang(), inert(source), inert(translation), "", "", "", "", ""));
        }
        return Csv.render(rows);
    }

    private static String inert(String cell) {
        return !cell.isEmpty() && "=+-@".indexOf(cell.charAt(0)) >= 0 ? "'" + cell : cell;
    }

    /**
     * The ratings of one filled sheet ({@code rows}: its data rows by header name, 1-based data row numbers); every
     * problem is collected and thrown together, naming {@code file}, the data row and the docid. A docid must be one of
     * {@code sampled} (docid → language) and is rated at most once per rater.
     */
    public static List<Rating> read(String file, List<Map.Entry<Integer, Map<String, String>>> rows, Map<String, String> sampled) {
        List<String> problems = new ArrayList<>();
        List<Rating> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (var e : rows) {
            Map<String, String> c = e.getValue();
            String docid = c.getOrDefault("docid", "").strip();
            String where = file + ": data row " + e.getKey() + " (" + docid + "): ";
            if (!sampled.containsKey(docid)) {
                problems.add(where + "not a docid of the verification sample");
                continue;
            }
            String rater = c.getOrDefault("rater", "").strip();
            if (rater.isEmpty()) {
                problems.add(where + "the rater column is empty (name who rated it)");
                continue;
            }
            if (!seen.add(rater + "\u0000" + docid)) {
                problems.add(where + "rated twice by " + rater);
                continue;
            }
            Map<String, Integer> scores = new LinkedHashMap<>();
            for (String criterion : TranslationJudge.CRITERIA) {
                String v = c.getOrDefault(criterion, "").strip();
                try {
                    int s = Integer.parseInt(v);
                    if (s < 1 || s > 5) {
                        problems.add(where + criterion + " " + s + " is outside 1-5");
                    }
                    scores.put(criterion, s);
                } catch (NumberFormatException x) {
                    problems.add(where + criterion + " '" + v + "' is not an integer from 1 to 5" + (v.isEmpty() ? " (not rated yet?)" : ""));
                }
            }
            if (scores.size() < 3) {
                continue;
            }
            String justification = c.getOrDefault("justification", "").strip();
            if (scores.values().stream().anyMatch(s -> s < 5) && justification.isEmpty()) {
                problems.add(where + "a score below 5 needs a justification");
                continue;
            }
            out.add(new Rating(docid, sampled.get(docid), scores.get("accuracy"), scores.get("fluency"), scores.get("completeness"),
                    justification, rater));
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(problems.size() + (problems.size() == 1 ? " problem:\n" : " problems:\n")
                    + String.join("\n", problems));
        }
        return out;
    }
}
