package io.clirbench.core.construct.qac;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.llm.BuildReportMarkdown;
import io.clirbench.core.llm.ModelUsage;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The build report of {@code bench build qac}: what was asked; sources, items, kept and rejected; the selection
 * (pool, selected sources per setup and mode); kept questions per language, mode and setup; the distribution of the
 * verifier's totals on the native 40-point scale (kept questions, and every scored candidate); rejections by reason;
 * the dataset's Table-1 statistics ({@link DatasetStatistics}); calls, tokens and cost per model over the whole build.
 * No timing (the output is byte-identical across resumes).
 */
public final class QacBuildReport {

    private static final ObjectMapper JSON = new ObjectMapper();

    private QacBuildReport() {
    }

    /** What the build was asked. */
    public record Setup(String corpus, List<String> languages, String setup, String mode, String sources, long seed, Integer minScore,
                        int minLanguages, Integer maxSources) {
    }

    public static ObjectNode json(Setup setup, QacPlan plan, List<QacResult> results, DatasetStatistics statistics,
                                  List<ModelUsage> usage) {
        ObjectNode root = JSON.createObjectNode();
        ObjectNode s = root.putObject("setup").put("corpus", setup.corpus());
        setup.languages().forEach(s.putArray("languages")::add);
        s.put("setup", setup.setup()).put("mode", setup.mode()).put("sources", setup.sources()).put("seed", setup.seed());
        putOrNull(s, "min_score", setup.minScore());
        s.put("min_languages", setup.minLanguages());
        putOrNull(s, "max_sources", setup.maxSources());
        ObjectNode sel = root.putObject("selection");
        sel.put("pool", plan.manifest().size());
        Map<String, Integer> cells = new TreeMap<>();
        Map<String, Integer> cellQuestions = new TreeMap<>();
        int selected = 0;
        int expected = 0;
        for (QacPlan.ManifestRow m : plan.manifest()) {
            if (m.selected()) {
                selected++;
                expected += m.expectedQuestions();
                cells.merge(m.setup().option() + "/" + m.mode().option(), 1, Integer::sum);
                cellQuestions.merge(m.setup().option() + "/" + m.mode().option(), m.expectedQuestions(), Integer::sum);
            }
        }
        sel.put("selected_sources", selected).put("expected_questions", expected);
        put(sel.putObject("sources_per_setup_and_mode"), cells);
        put(sel.putObject("questions_per_setup_and_mode"), cellQuestions);
        List<QacResult> kept = QacOutput.kept(results);
        root.putObject("counts").put("items", results.size()).put("kept", kept.size()).put("rejected", results.size() - kept.size())
                .put("skipped_sources", plan.skipped().size());
        Map<String, Integer> byLanguage = new TreeMap<>();
        Map<String, Integer> byMode = new TreeMap<>();
        Map<String, Integer> bySetup = new TreeMap<>();
        Map<String, Integer> byLanguageAndMode = new TreeMap<>();
        Map<Integer, Integer> keptTotals = new TreeMap<>();
        for (QacResult r : kept) {
            byLanguage.merge(r.item().targetLang(), 1, Integer::sum);
            byMode.merge(r.item().mode().option(), 1, Integer::sum);
            bySetup.merge(r.item().setup().option(), 1, Integer::sum);
            byLanguageAndMode.merge(r.item().targetLang() + "/" + r.item().mode().option(), 1, Integer::sum);
            keptTotals.merge(r.best().total(), 1, Integer::sum);
        }
        Map<Integer, Integer> allTotals = new TreeMap<>();
        int unscored = 0;
        for (QacResult r : results) {
            for (QacCandidate c : r.candidates()) {
                if (c.verified()) {
                    allTotals.merge(c.total(), 1, Integer::sum);
                } else {
                    unscored++;
                }
            }
        }
        ObjectNode k = root.putObject("kept");
        put(k.putObject("per_language"), byLanguage);
        put(k.putObject("per_mode"), byMode);
        put(k.putObject("per_setup"), bySetup);
        put(k.putObject("per_language_and_mode"), byLanguageAndMode);
        ObjectNode scores = root.putObject("verifier_totals");
        ObjectNode kd = scores.putObject("kept");
        keptTotals.forEach((t, n) -> kd.put(String.valueOf(t), n));
        ObjectNode ad = scores.putObject("all_scored_candidates");
        allTotals.forEach((t, n) -> ad.put(String.valueOf(t), n));
        scores.put("unscored_candidates", unscored);
        if (kept.isEmpty()) {
            scores.putNull("kept_mean");
        } else {
            scores.put("kept_mean", kept.stream().mapToInt(r -> r.best().total()).average().orElseThrow());
        }
        Map<String, Integer> reasons = new TreeMap<>();
        plan.skipped().forEach(x -> reasons.merge("plan: " + x.reason().replaceAll(" \\[.*", ""), 1, Integer::sum));
        results.stream().filter(r -> !r.ok()).forEach(r -> reasons.merge(kind(r.rejection()), 1, Integer::sum));
        put(root.putObject("rejections_by_reason"), reasons);
        root.set("dataset_statistics", statistics.json());
        ModelUsage.putInto(root, usage);
        return root;
    }

    /** A rejection's kind: {@code below --min-score} without the numbers, the generator's or verifier's reason as given. */
    static String kind(String rejection) {
        return rejection.startsWith("below --min-score") ? "selection: below --min-score" : rejection;
    }

    private static void putOrNull(ObjectNode o, String field, Integer value) {
        if (value == null) {
            o.putNull(field);
        } else {
            o.put(field, value);
        }
    }

    private static void put(ObjectNode o, Map<String, Integer> m) {
        m.forEach(o::put);
    }

    public static String markdown(ObjectNode r) {
        StringBuilder md = new StringBuilder("# QAC build report\n\n");
        JsonNode s = r.get("setup");
        md.append(String.format(Locale.ROOT, "Corpus `%s`, target languages %s, setup %s, mode %s, sources %s, seed %d, "
                        + "--min-languages %d, --max-sources %s, --min-score %s.%n%n",
                s.get("corpus").asText(), s.get("languages"), s.get("setup").asText(), s.get("mode").asText(), s.get("sources").asText(),
                s.get("seed").asLong(), s.get("min_languages").asInt(), s.get("max_sources").isNull() ? "none" : s.get("max_sources").asText(),
                s.get("min_score").isNull() ? "none" : s.get("min_score").asText()));
        JsonNode sel = r.get("selection");
        md.append(String.format(Locale.ROOT, "Selection: %d of %d pool sources, %d questions expected (selection-manifest.csv).%n%n",
                sel.get("selected_sources").asInt(), sel.get("pool").asInt(), sel.get("expected_questions").asInt()));
        md.append("| setup / mode | sources | questions expected |\n|---|---:|---:|\n");
        sel.get("sources_per_setup_and_mode").properties().forEach(e -> md.append("| ").append(e.getKey()).append(" | ")
                .append(e.getValue().asInt()).append(" | ").append(sel.get("questions_per_setup_and_mode").path(e.getKey()).asInt())
                .append(" |\n"));
        md.append('\n');
        JsonNode c = r.get("counts");
        md.append(String.format(Locale.ROOT, "%d items: %d questions kept, %d rejected; %d source documents skipped.%n%n",
                c.get("items").asInt(), c.get("kept").asInt(), c.get("rejected").asInt(), c.get("skipped_sources").asInt()));
        md.append("## Kept questions\n\n| language / mode | questions |\n|---|---:|\n");
        r.at("/kept/per_language_and_mode").properties().forEach(e -> md.append("| ").append(e.getKey()).append(" | ")
                .append(e.getValue().asInt()).append(" |\n"));
        md.append("\n## Verifier totals (of 40: faithfulness 3-15 + quality 5-25)\n\n| total | kept | all scored candidates |\n|---:|---:|---:|\n");
        TreeMap<Integer, int[]> rows = new TreeMap<>();
        r.at("/verifier_totals/kept").properties().forEach(e -> rows.computeIfAbsent(Integer.parseInt(e.getKey()), x -> new int[2])[0] =
                e.getValue().asInt());
        r.at("/verifier_totals/all_scored_candidates").properties().forEach(e -> rows.computeIfAbsent(Integer.parseInt(e.getKey()),
                x -> new int[2])[1] = e.getValue().asInt());
        rows.forEach((t, n) -> md.append(String.format(Locale.ROOT, "| %d | %d | %d |%n", t, n[0], n[1])));
        md.append(String.format(Locale.ROOT, "%nCandidates the verifier could not score: %d.%n", r.at("/verifier_totals/unscored_candidates").asInt()));
        BuildReportMarkdown.reasons(md, "Rejections by reason", r.get("rejections_by_reason"));
        JsonNode st = r.get("dataset_statistics");
        md.append("\n## Dataset statistics (ChemCLIR-Bench Table 1)\n\n| corpus docs | queries | qrels | cross-language qrels | corpus tokens "
                + "| corpus vocabulary | query tokens | query vocabulary |\n|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        md.append(String.format(Locale.ROOT, "| %d | %d | %d | %d | %d | %d | %d | %d |%n", st.get("corpus_docs").asLong(),
                st.get("queries").asLong(), st.get("qrels").asLong(), st.get("cross_lang_qrels").asLong(), st.get("corpus_tokens").asLong(),
                st.get("corpus_vocabulary").asLong(), st.get("query_tokens").asLong(), st.get("query_vocabulary").asLong()));
        BuildReportMarkdown.callsPerModel(md, r.get("usage"));
        return md.toString();
    }
}
