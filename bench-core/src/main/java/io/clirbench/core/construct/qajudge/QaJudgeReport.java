package io.clirbench.core.construct.qajudge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.llm.BuildReportMarkdown;
import io.clirbench.core.llm.ModelUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The build report of {@code bench build qa-judge}: per language and unit (paragraph, question, answer), and over all
 * languages per unit, the units sampled, judged and failed, the mean, minimum and maximum score, the distribution in
 * tens (0–9, 10–19, ..., 90–100) and the share of scores below the rubric's floors: 10 (wrong language or untranslated),
 * 40 (a contradiction or hallucinated content) and 60 (corrupted names or numbers). Failures by reason; calls, tokens
 * and cost per model over the whole build. No timing, so the output is byte-identical across resumes.
 */
public final class QaJudgeReport {

    public static final int[] THRESHOLDS = {10, 40, 60};
    private static final ObjectMapper JSON = new ObjectMapper();

    private QaJudgeReport() {
    }

    /** What the build was asked, and the prompts and model that judged. */
    public record Setup(String dataset, String source, long seed, int paragraphs, int questions, int answers, String promptHash,
                        String model, String revision) {
    }

    public static ObjectNode json(Setup setup, List<UnitJudgement> judgements, List<ModelUsage> usage) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode s = root.putObject("setup").put("dataset", setup.dataset()).put("source", setup.source()).put("seed", setup.seed());
        s.putObject("sample_per_language").put("paragraph", setup.paragraphs()).put("question", setup.questions())
                .put("answer", setup.answers());
        s.put("prompt_hash", setup.promptHash()).put("judge_model", setup.model()).put("judge_revision", setup.revision());
        root.putObject("units").put("sampled", judgements.size()).put("judged", judgements.stream().filter(UnitJudgement::ok).count())
                .put("failed", judgements.stream().filter(j -> !j.ok()).count())
                .put("asked_again", judgements.stream().mapToInt(j -> j.attempts() - 1).sum());
        Map<String, Map<String, List<UnitJudgement>>> byLanguage = new TreeMap<>();
        Map<String, List<UnitJudgement>> byUnit = new TreeMap<>();
        for (UnitJudgement j : judgements) {
            String unit = j.unit().kind().label();
            byLanguage.computeIfAbsent(j.unit().language(), l -> new TreeMap<>()).computeIfAbsent(unit, u -> new ArrayList<>()).add(j);
            byUnit.computeIfAbsent(unit, u -> new ArrayList<>()).add(j);
        }
        ObjectNode perLanguage = root.putObject("per_language");
        byLanguage.forEach((lang, units) -> {
            ObjectNode l = perLanguage.putObject(lang);
            units.forEach((unit, list) -> stats(l.putObject(unit), list));
        });
        ObjectNode perUnit = root.putObject("per_unit");
        byUnit.forEach((unit, list) -> stats(perUnit.putObject(unit), list));
        ObjectNode reasons = root.putObject("failures_by_reason");
        Map<String, Integer> counts = new TreeMap<>();
        judgements.stream().filter(j -> !j.ok()).forEach(j -> counts.merge(j.rejection(), 1, Integer::sum));
        counts.forEach(reasons::put);
        ModelUsage.putInto(root, usage);
        return root;
    }

    private static void stats(ObjectNode o, List<UnitJudgement> list) {
        List<Integer> scores = list.stream().filter(UnitJudgement::ok).map(j -> j.reply().score()).toList();
        o.put("sampled", list.size()).put("judged", scores.size()).put("failed", list.size() - scores.size());
        int[] tens = new int[10];
        int[] below = new int[THRESHOLDS.length];
        long sum = 0;
        for (int score : scores) {
            tens[Math.min(score / 10, 9)]++;
            sum += score;
            for (int t = 0; t < THRESHOLDS.length; t++) {
                below[t] += score < THRESHOLDS[t] ? 1 : 0;
            }
        }
        if (scores.isEmpty()) {
            o.putNull("mean");
            o.putNull("min");
            o.putNull("max");
        } else {
            o.put("mean", (double) sum / scores.size()).put("min", scores.stream().mapToInt(Integer::intValue).min().getAsInt())
                    .put("max", scores.stream().mapToInt(Integer::intValue).max().getAsInt());
        }
        ArrayNode d = o.putArray("distribution_by_ten");
        for (int x : tens) {
            d.add(x);
        }
        for (int t = 0; t < THRESHOLDS.length; t++) {
            String field = "share_below_" + THRESHOLDS[t];
            if (scores.isEmpty()) {
                o.putNull(field);
            } else {
                o.put(field, (double) below[t] / scores.size());
            }
        }
    }

    public static String markdown(ObjectNode report) {
        StringBuilder md = new StringBuilder("# XHotpotQA translation judge report\n\n");
        JsonNode s = report.get("setup");
        md.append(String.format(Locale.ROOT, "Dataset `%s` against source `%s`, seed %d; judge `%s`, prompt hash `%s`.%n%n",
                s.get("dataset").asText(), s.get("source").asText(), s.get("seed").asLong(), s.get("judge_model").asText(),
                s.get("prompt_hash").asText()));
        JsonNode u = report.get("units");
        md.append(String.format(Locale.ROOT, "%d units sampled, %d judged, %d failed, %d replies asked again.%n%n", u.get("sampled").asInt(),
                u.get("judged").asInt(), u.get("failed").asInt(), u.get("asked_again").asInt()));
        md.append("| language | unit | judged | failed | mean | min | max | share < 10 | share < 40 | share < 60 |\n"
                + "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        report.get("per_language").properties().forEach(l -> l.getValue().properties().forEach(e -> row(md, l.getKey(), e.getKey(), e.getValue())));
        report.get("per_unit").properties().forEach(e -> row(md, "all", e.getKey(), e.getValue()));
        if (report.has("weighted_overall")) {
            weighted(md, "Weighted overall score", report.get("weighted_overall"));
        }
        BuildReportMarkdown.reasons(md, "Failures by reason", report.get("failures_by_reason"));
        BuildReportMarkdown.callsPerModel(md, report.get("usage"));
        return md.toString();
    }

    /** The table of a {@link WeightedOverall} node: per language and overall, the score and its 95% interval. */
    public static void weighted(StringBuilder md, String title, JsonNode w) {
        JsonNode weights = w.get("weights");
        md.append(String.format(Locale.ROOT, "%n## %s%n%nParagraph : question : answer = %d : %d : %d; 95%% within-stratum bootstrap, "
                + "B = %d, seed %d.%n%n| language | score | 95%% interval |%n|---|---:|---|%n", title, weights.path("paragraph").asInt(),
                weights.path("question").asInt(), weights.path("answer").asInt(), w.get("bootstrap").asInt(), w.get("seed").asLong()));
        w.get("per_language").properties().forEach(e -> weightedRow(md, e.getKey(), e.getValue()));
        weightedRow(md, "overall", w.get("overall"));
    }

    private static void weightedRow(StringBuilder md, String label, JsonNode n) {
        md.append(String.format(Locale.ROOT, "| %s | %s | %s |%n", label, num(n.get("score")),
                n.has("ci_low") ? "[" + num(n.get("ci_low")) + ", " + num(n.get("ci_high")) + "]" : "–"));
    }

    private static void row(StringBuilder md, String lang, String unit, JsonNode n) {
        md.append(String.format(Locale.ROOT, "| %s | %s | %d | %d | %s | %s | %s | %s | %s | %s |%n", lang, unit, n.get("judged").asInt(),
                n.get("failed").asInt(), num(n.get("mean")), n.get("min").isNull() ? "–" : n.get("min").asText(),
                n.get("max").isNull() ? "–" : n.get("max").asText(), num(n.get("share_below_10")), num(n.get("share_below_40")),
                num(n.get("share_below_60"))));
    }

    private static String num(JsonNode n) {
        return n == null || n.isNull() ? "–" : String.format(Locale.ROOT, "%.2f", n.asDouble());
    }
}
