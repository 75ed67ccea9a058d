package io.clirbench.core.construct.xbcp;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.llm.BuildReportMarkdown;
import io.clirbench.core.llm.ModelUsage;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The build report of {@code bench build xbcp}: per target language the translations planned (one per document text
 * and one per non-blank title, each a translator call with its retries; {@code titles} says how many are titles),
 * accepted and rejected, and the judged sample's mean, distribution (counts of 1..5) and share below 3 per criterion;
 * rejections by reason; calls, tokens and cost per model over the whole build. No timing: the report is part of the
 * output, which is byte-identical across resumes.
 */
public final class XbcpBuildReport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private XbcpBuildReport() {
    }

    /** What the build was asked. */
    public record Setup(String task, String config, String rule, List<String> languages, long seed, int verifySample) {
    }

    public static ObjectNode json(Setup setup, List<Translation> translations, List<Judgement> judgements, List<ModelUsage> usage) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode s = root.putObject("setup").put("task", setup.task()).put("config", setup.config()).put("rule", setup.rule());
        setup.languages().forEach(s.putArray("languages")::add);
        s.put("seed", setup.seed()).put("verify_sample_per_language", setup.verifySample());
        ObjectNode t = root.putObject("translations");
        t.put("planned", translations.size()).put("titles", titles(translations))
                .put("accepted", translations.stream().filter(Translation::ok).count())
                .put("rejected", translations.stream().filter(x -> !x.ok()).count());
        ObjectNode perLanguage = t.putObject("per_language");
        Map<String, List<Translation>> byLang = new TreeMap<>();
        translations.forEach(x -> byLang.computeIfAbsent(x.request().targetLang(), k -> new java.util.ArrayList<>()).add(x));
        byLang.forEach((lang, list) -> perLanguage.putObject(lang).put("planned", list.size()).put("titles", titles(list))
                .put("accepted", list.stream().filter(Translation::ok).count())
                .put("rejected", list.stream().filter(x -> !x.ok()).count())
                .put("asked_again", list.stream().mapToInt(x -> x.attempts() - 1).sum())
                .put("items_kept_verbatim", list.stream().filter(Translation::ok)
                        .mapToInt(x -> PreservationCheck.items(x.request().text()).size()).sum()));
        ObjectNode v = root.putObject("verification");
        v.put("judged", judgements.stream().filter(Judgement::ok).count()).put("rejected", judgements.stream().filter(j -> !j.ok()).count());
        ObjectNode vl = v.putObject("per_language");
        Map<String, List<Judgement>> jByLang = new TreeMap<>();
        judgements.forEach(j -> jByLang.computeIfAbsent(j.lang(), k -> new java.util.ArrayList<>()).add(j));
        jByLang.forEach((lang, list) -> {
            List<Judgement> ok = list.stream().filter(Judgement::ok).toList();
            ObjectNode l = vl.putObject(lang).put("sampled", list.size()).put("judged", ok.size()).put("rejected", list.size() - ok.size());
            for (String c : TranslationJudge.CRITERIA) {
                int[] dist = new int[5];
                long sum = 0;
                int below3 = 0;
                for (Judgement j : ok) {
                    int score = j.score(c);
                    dist[score - 1]++;
                    sum += score;
                    below3 += score < 3 ? 1 : 0;
                }
                ObjectNode cn = l.putObject(c);
                if (ok.isEmpty()) {
                    cn.putNull("mean");
                    cn.putNull("share_below_3");
                } else {
                    cn.put("mean", (double) sum / ok.size()).put("share_below_3", (double) below3 / ok.size());
                }
                ArrayNode d = cn.putArray("distribution_1_to_5");
                for (int x : dist) {
                    d.add(x);
                }
            }
        });
        ObjectNode reasons = root.putObject("rejections_by_reason");
        Map<String, Integer> counts = new TreeMap<>();
        translations.stream().filter(x -> !x.ok()).forEach(x -> counts.merge("translation: " + kind(x.rejection()), 1, Integer::sum));
        judgements.stream().filter(j -> !j.ok()).forEach(j -> counts.merge("judge: " + kind(j.rejection()), 1, Integer::sum));
        counts.forEach(reasons::put);
        ModelUsage.putInto(root, usage);
        return root;
    }

    private static long titles(List<Translation> translations) {
        return translations.stream().filter(x -> x.request().part() == TranslationRequest.Part.TITLE).count();
    }

    /** A rejection's kind: the reason without the items it names. */
    static String kind(String reason) {
        int comma = reason.indexOf("exactly as written");
        return comma >= 0 ? reason.substring(0, comma + "exactly as written".length()) + " what the source has" : reason;
    }


    public static String markdown(ObjectNode report) {
        StringBuilder md = new StringBuilder("# XBCP build report\n\n");
        var s = report.get("setup");
        md.append(String.format(Locale.ROOT, "Task `%s`, configuration `%s` (rule %s), languages %s, seed %d.%n%n", s.get("task").asText(),
                s.get("config").asText(), s.get("rule").asText(), s.get("languages"), s.get("seed").asLong()));
        var t = report.get("translations");
        md.append(String.format(Locale.ROOT, "## Translations%n%n%d planned (texts and titles, %d titles), %d accepted, %d rejected.%n%n",
                t.get("planned").asInt(), t.get("titles").asInt(), t.get("accepted").asInt(), t.get("rejected").asInt()));
        md.append("| language | planned | titles | accepted | rejected | asked again | items kept verbatim |\n"
                + "|---|---:|---:|---:|---:|---:|---:|\n");
        t.get("per_language").properties().forEach(e -> md.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %d |%n",
                e.getKey(), e.getValue().get("planned").asInt(), e.getValue().get("titles").asInt(), e.getValue().get("accepted").asInt(),
                e.getValue().get("rejected").asInt(),
                e.getValue().get("asked_again").asInt(), e.getValue().get("items_kept_verbatim").asInt())));
        md.append("\n## Verification (judge, 1-5)\n\n| language | judged | rejected | accuracy | fluency | completeness | share < 3 (a / f / c) |\n"
                + "|---|---:|---:|---:|---:|---:|---|\n");
        report.get("verification").get("per_language").properties().forEach(e -> {
            var l = e.getValue();
            md.append(String.format(Locale.ROOT, "| %s | %d | %d | %s | %s | %s | %s / %s / %s |%n", e.getKey(), l.get("judged").asInt(),
                    l.get("rejected").asInt(), num(l.get("accuracy").get("mean")), num(l.get("fluency").get("mean")),
                    num(l.get("completeness").get("mean")), num(l.get("accuracy").get("share_below_3")),
                    num(l.get("fluency").get("share_below_3")), num(l.get("completeness").get("share_below_3"))));
        });
        BuildReportMarkdown.reasons(md, "Rejections by reason", report.get("rejections_by_reason"));
        BuildReportMarkdown.callsPerModel(md, report.get("usage"));
        return md.toString();
    }

    private static String num(com.fasterxml.jackson.databind.JsonNode n) {
        return n == null || n.isNull() ? "–" : String.format(Locale.ROOT, "%.2f", n.asDouble());
    }
}
