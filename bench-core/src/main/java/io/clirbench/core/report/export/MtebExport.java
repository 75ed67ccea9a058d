package io.clirbench.core.report.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.metrics.StandardResult;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One run as an MTEB result file: the {@code TaskResult} layout of mteb 1.12 and 2.x
 * ({@code mteb/load_results/task_results.py}, {@code mteb/results/task_result.py}): {@code dataset_revision},
 * {@code task_name}, {@code mteb_version}, {@code scores} (split → one object per subset with {@code hf_subset},
 * {@code languages}, {@code main_score} and the score keys), {@code evaluation_time}, {@code kg_co2_emissions}.
 * <ul>
 *   <li>split {@code test}; subsets = the query languages when they are known (the mean over each language's judged
 *       queries, trec_eval {@code -c} style), else one {@code default} subset of every judged query listing the
 *       dataset's languages; languages are the dataset's codes as they are (MTEB writes ISO 639-3 with a script,
 *       {@code eng-Latn}: not converted here);</li>
 *   <li>{@code main_score} = nDCG@10, MTEB's retrieval main score; {@code null} when the report has no nDCG@10;</li>
 *   <li>score keys: {@link PeerMeasureNames#mteb} of each measure that MTEB names;</li>
 *   <li>{@code mteb_version} = {@value #LAYOUT_VERSION}: the first mteb release whose loader reads this layout
 *       without a fix-up (1.x refuses a file without a version, and converts those before 1.12.48); clirbench does
 *       not run mteb. {@code task_name} = the dataset id (the qrels file name without one), {@code dataset_revision} =
 *       its content hash, else its version; {@code evaluation_time} and {@code kg_co2_emissions} are {@code null}.</li>
 * </ul>
 */
public final class MtebExport {

    /** The {@code mteb_version} written: see the class comment. */
    public static final String LAYOUT_VERSION = "1.12.48";
    /** MTEB's retrieval main score. */
    public static final String MAIN_MEASURE = "nDCG@10";
    static final String SPLIT = "test";
    static final String DEFAULT_SUBSET = "default";

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private MtebExport() {
    }

    /**
     * The result file of run {@code result} of {@code report}; {@code queryLanguages} maps query ids to their language
     * (empty when unknown: one {@code default} subset).
     */
    public static String render(EvalReport report, StandardResult result, Map<String, String> queryLanguages) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("dataset_revision", revision(report));
        root.put("task_name", report.dataset() != null ? report.dataset().id() : report.qrelsFile());
        root.put("mteb_version", LAYOUT_VERSION);
        ArrayNode subsets = root.putObject("scores").putArray(SPLIT);
        if (queryLanguages.isEmpty()) {
            List<String> languages = report.dataset() != null && report.dataset().languages() != null
                    ? report.dataset().languages() : List.of();
            subsets.add(subset(DEFAULT_SUBSET, languages, result.measureNames(), result.means()));
        } else {
            byLanguage(result, queryLanguages).forEach((language, means) ->
                    subsets.add(subset(language, List.of(language), result.measureNames(), means)));
        }
        root.putNull("evaluation_time");
        root.putNull("kg_co2_emissions");
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot render the MTEB result: " + e.getMessage(), e);
        }
    }

    private static String revision(EvalReport report) {
        if (report.dataset() == null) {
            return "qrels file, no dataset revision";
        }
        return report.dataset().hash() != null ? report.dataset().hash() : report.dataset().version();
    }

    /** Per query language (sorted), the mean of each measure over that language's judged queries. */
    private static Map<String, double[]> byLanguage(StandardResult result, Map<String, String> queryLanguages) {
        int m = result.measureNames().size();
        Map<String, double[]> sums = new TreeMap<>();
        Map<String, Integer> counts = new TreeMap<>();
        result.perQuery().forEach((query, values) -> {
            // one subset per language identity, as the report's per-language tables (pt-BR with pt)
            String language = queryLanguages.containsKey(query)
                    ? io.clirbench.core.model.LanguageTag.identityOf(queryLanguages.get(query)) : DEFAULT_SUBSET;
            double[] sum = sums.computeIfAbsent(language, l -> new double[m]);
            for (int i = 0; i < m; i++) {
                sum[i] += values[i];
            }
            counts.merge(language, 1, Integer::sum);
        });
        sums.forEach((language, sum) -> {
            for (int i = 0; i < m; i++) {
                sum[i] /= counts.get(language);
            }
        });
        return sums;
    }

    private static ObjectNode subset(String name, List<String> languages, List<String> measures, double[] means) {
        ObjectNode subset = MAPPER.createObjectNode();
        subset.put("hf_subset", name);
        languages.forEach(subset.putArray("languages")::add);
        int main = measures.indexOf(MAIN_MEASURE);
        if (main >= 0) {
            subset.put("main_score", means[main]);
        } else {
            subset.putNull("main_score");
        }
        for (int i = 0; i < measures.size(); i++) {
            String key = PeerMeasureNames.mteb(measures.get(i));
            if (key != null && !subset.has(key)) {
                subset.put(key, means[i]);
            }
        }
        return subset;
    }
}
