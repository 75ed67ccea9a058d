package io.clirbench.core.qa.report;

import io.clirbench.core.qa.eval.Aggregate;
import io.clirbench.core.qa.eval.DescriptorSummary;
import io.clirbench.core.qa.eval.ExampleRecord;
import io.clirbench.core.qa.eval.ExampleScore;
import io.clirbench.core.qa.eval.Descriptor;
import io.clirbench.core.qa.eval.QaResult;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@link QaResult} under the XHotpotQA report keys (and, for protocol {@code hotpot}, the twelve keys that
 * {@code hotpot_evaluate_v1.py} prints), as insertion-ordered maps ready for Jackson.
 */
public final class QaJsonReport {

    private static final String[] HOTPOT_MEASURES = {"em", "prec", "recall", "f1"};
    private static final String[] HOTPOT_PREFIX = {"", "sp_", "joint_"};

    private QaJsonReport() {
    }

    /** The whole XHotpotQA report, keys in the peer's order. */
    public static Map<String, Object> xhotpot(QaResult r) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("evaluation_protocol", Map.of("name", r.protocol().reportName(), "version", r.protocol().version()));
        Map<String, Object> aggregation = new LinkedHashMap<>();
        aggregation.put("overall", "mean_per_example");
        aggregation.put("question_language", "macro_over_language_means");
        out.put("aggregation", aggregation);
        out.put("count", r.count());
        out.put("missing_predictions", r.missing());
        out.put("unexpected_predictions", r.unexpected());
        out.put("overall", aggregate(r.overall()));
        out.put("macro_by_question_language", r.macro());
        out.put("by_question_language", aggregates(r.byQuestionLanguage()));
        out.put("by_language_condition", aggregates(r.byCondition()));
        out.put("by_script_relation", aggregates(r.byScriptRelation()));
        Map<String, Object> summaries = new LinkedHashMap<>();
        r.summaries().forEach((k, v) -> summaries.put(k, summary(v)));
        out.put("descriptor_summaries", summaries);
        r.bins().forEach((family, bins) -> out.put(family, aggregates(bins)));
        return out;
    }

    /** {@code {"n", "answer": {...}, "support": {...}, "joint": {...}}}; just {@code {"n": 0}} when empty. */
    public static Map<String, Object> aggregate(Aggregate a) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("n", a.n());
        if (a.n() == 0) {
            return out;
        }
        for (int c = 0; c < 3; c++) {
            Map<String, Object> component = new LinkedHashMap<>();
            for (int m = 0; m < 4; m++) {
                component.put(ExampleScore.MEASURES.get(m), a.mean(c, m));
            }
            out.put(ExampleScore.COMPONENTS.get(c), component);
        }
        return out;
    }

    private static Map<String, Object> aggregates(Map<String, Aggregate> groups) {
        Map<String, Object> out = new LinkedHashMap<>();
        groups.forEach((k, v) -> out.put(k, aggregate(v)));
        return out;
    }

    private static Map<String, Object> summary(DescriptorSummary s) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("symbol", s.symbol());
        out.put("n", s.n());
        if (s.notApplicable() != null) {
            out.put("not_applicable", s.notApplicable());
        }
        if (s.n() > 0) {
            out.put("mean", s.mean());
            out.put("median", s.median());
            out.put("min", s.min());
            out.put("max", s.max());
        }
        return out;
    }

    /** One line of the XHotpotQA per-example output. */
    public static Map<String, Object> example(ExampleRecord e) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", e.id());
        out.put("question_language", e.questionLanguage());
        out.put("prediction_present", e.predictionPresent());
        for (int c = 0; c < 3; c++) {
            Map<String, Object> component = new LinkedHashMap<>();
            for (int m = 0; m < 4; m++) {
                component.put(ExampleScore.MEASURES.get(m), e.score().component(c).get(m));
            }
            out.put(ExampleScore.COMPONENTS.get(c), component);
        }
        Descriptor d = e.descriptor();
        Map<String, Object> stratum = new LinkedHashMap<>();
        stratum.put("gold_mismatch", d.goldMismatch());
        stratum.put("distractor_mismatch", d.distractorMismatch());
        stratum.put("gold_language_count", d.goldLanguageCount());
        stratum.put("gold_entropy", d.goldEntropy());
        stratum.put("condition", d.condition());
        stratum.put("script_relation", d.scriptRelation());
        stratum.put("distinct_candidate_language_count", d.candidateLanguages());
        stratum.put("distractor_count", d.distractorCount());
        out.put("stratum", stratum);
        Map<String, Object> bins = new LinkedHashMap<>();
        bins.put("by_gold_mismatch", d.goldMismatchBin());
        bins.put("by_distractor_mismatch", d.distractorMismatchBin());
        bins.put("by_gold_entropy", d.goldEntropyBin());
        bins.put("by_distinct_candidate_languages", d.candidateLanguagesBin());
        out.put("bins", bins);
        return out;
    }

    /** The twelve means as {@code hotpot_evaluate_v1.py} names them ({@code em}, {@code f1}, ..., {@code joint_recall}). */
    public static Map<String, Object> hotpotMetrics(Aggregate a) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int c = 0; c < 3; c++) {
            for (int m = 0; m < 4; m++) {
                out.put(HOTPOT_PREFIX[c] + HOTPOT_MEASURES[m], a.mean(c, m));
            }
        }
        return out;
    }

    /** One example under the official script's names, with {@code answer_missing} and {@code sp_missing}. */
    public static Map<String, Object> hotpotExample(ExampleRecord e) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int c = 0; c < 3; c++) {
            for (int m = 0; m < 4; m++) {
                out.put(HOTPOT_PREFIX[c] + HOTPOT_MEASURES[m], e.score().component(c).get(m));
            }
        }
        out.put("answer_missing", e.score().answerMissing());
        out.put("sp_missing", e.score().supportMissing());
        return out;
    }
}
