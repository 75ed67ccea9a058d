package io.clirbench.core.construct.xbcp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * XBCP's quality gate on the verified sample: a translated configuration is released only when, in every target
 * language with judged translations, the mean of each criterion (accuracy, fluency, completeness; 1–5) is at least the
 * threshold (the paper's 4.0). A language whose sample has no usable judgement does not pass: nothing says its
 * translations are good. Threshold 0 turns the gate off.
 */
public final class VerificationGate {

    /** XBCP's threshold on each criterion's mean. */
    public static final double DEFAULT_MIN_MEAN = 4.0;

    private VerificationGate() {
    }

    /** Why the gate fails, one line per language and criterion below the threshold (sorted); empty when it passes. */
    public static List<String> failures(List<Judgement> judgements, double minMean) {
        List<String> out = new ArrayList<>();
        if (minMean <= 0) {
            return out;
        }
        Map<String, List<Judgement>> byLanguage = new TreeMap<>();
        judgements.forEach(j -> byLanguage.computeIfAbsent(j.lang(), k -> new ArrayList<>()).add(j));
        byLanguage.forEach((lang, list) -> {
            List<Judgement> ok = list.stream().filter(Judgement::ok).toList();
            if (ok.isEmpty()) {
                out.add(lang + ": no usable judgement of " + list.size() + " sampled");
                return;
            }
            for (String c : TranslationJudge.CRITERIA) {
                double mean = ok.stream().mapToInt(j -> j.score(c)).average().orElseThrow();
                if (mean < minMean) {
                    out.add(String.format(Locale.ROOT, "%s: mean %s %.2f over %d judged is below %.1f", lang, c, mean, ok.size(), minMean));
                }
            }
        });
        return out;
    }
}
