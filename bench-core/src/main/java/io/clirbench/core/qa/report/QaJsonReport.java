package io.clirbench.core.qa.report;

import io.clirbench.core.qa.eval.Aggregate;
import io.clirbench.core.qa.eval.DescriptorSummary;
import io.clirbench.core.qa.eval.ExampleRecord;
import io.clirbench.core.qa.eval.Descriptor;
import io.clirbench.core.qa.eval.QaMeasure;
import io.clirbench.core.qa.eval.QaMeasures;
import io.clirbench.core.qa.eval.QaResult;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A {@link QaResult} under the XHotpotQA report keys (and, for protocol {@code hotpot}, the twelve keys that
 * {@code hotpot_evaluate_v1.py} prints), as insertion-ordered maps ready for Jackson; the measures are those of a
 * {@link QaMeasures} registry, in its order.
 */
public final class QaJsonReport {

    private QaJsonReport() {
    }

    /** The whole XHotpotQA report, keys in the peer's order. */
    public static Map<String, Object> xhotpot(QaResult r) {
        Map<String, Object> out = new LinkedHashMap<>();
        // insertion-ordered: Map.of's iteration order changes from one JVM to the next, and report.json must not
        Map<String, Object> protocol = new LinkedHashMap<>();
        protocol.put("name", r.protocol().reportName());
        protocol.put("version", r.protocol().version());
        out.put("evaluation_protocol", protocol);
        Map<String, Object> aggregation = new LinkedHashMap<>();
        aggregation.put("overall", "mean_per_example");
        aggregation.put("question_language", "macro_over_language_means");
        out.put("aggregation", aggregation);
        out.put("count", r.count());
        out.put("missing_predictions", r.missing());
        out.put("unexpected_predictions", r.unexpected());
        out.put("overall", aggregate(r.overall(), r.measures()));
        out.put("macro_by_question_language", r.macro());
        out.put("by_question_language", aggregates(r.measures(), r.byQuestionLanguage()));
        out.put("by_language_condition", aggregates(r.measures(), r.byCondition()));
        out.put("by_script_relation", aggregates(r.measures(), r.byScriptRelation()));
        Map<String, Object> summaries = new LinkedHashMap<>();
        r.summaries().forEach((k, v) -> summaries.put(k, summary(v)));
        out.put("descriptor_summaries", summaries);
        r.bins().forEach((family, bins) -> out.put(family, aggregates(r.measures(), bins)));
        return out;
    }

    /**
     * {@code {"n", "answer": {...}, "support": {...}, "joint": {...}}}: the means of the registry's report.json measures,
     * in its order, those of a component in the component's object; just {@code {"n": 0}} when empty.
     */
    public static Map<String, Object> aggregate(Aggregate a, QaMeasures measures) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("n", a.n());
        if (a.n() == 0) {
            return out;
        }
        for (QaMeasure m : measures.json()) {
            into(out, m).put(m.jsonName(), a.mean(m.key()));
        }
        return out;
    }

    // the object of the measure's component (created at its first measure), or the aggregate itself
    @SuppressWarnings("unchecked")
    private static Map<String, Object> into(Map<String, Object> out, QaMeasure m) {
        return m.component() == null ? out
                : (Map<String, Object>) out.computeIfAbsent(m.component(), c -> new LinkedHashMap<String, Object>());
    }

    private static Map<String, Object> aggregates(QaMeasures measures, Map<String, Aggregate> groups) {
        Map<String, Object> out = new LinkedHashMap<>();
        groups.forEach((k, v) -> out.put(k, aggregate(v, measures)));
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
    public static Map<String, Object> example(ExampleRecord e, QaMeasures measures) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("id", e.id());
        out.put("question_language", e.questionLanguage());
        out.put("prediction_present", e.predictionPresent());
        for (QaMeasure m : measures.json()) {
            into(out, m).put(m.jsonName(), m.of(e.score()));
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

    /** The means as {@code hotpot_evaluate_v1.py} names them ({@code em}, {@code f1}, ..., {@code joint_recall}). */
    public static Map<String, Object> hotpotMetrics(Aggregate a, QaMeasures measures) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (QaMeasure m : measures.hotpot()) {
            out.put(m.hotpotName(), a.mean(m.key()));
        }
        return out;
    }

    /** One example under the official script's names, with {@code answer_missing} and {@code sp_missing}. */
    public static Map<String, Object> hotpotExample(ExampleRecord e, QaMeasures measures) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (QaMeasure m : measures.hotpot()) {
            out.put(m.hotpotName(), m.of(e.score()));
        }
        out.put("answer_missing", e.score().answerMissing());
        out.put("sp_missing", e.score().supportMissing());
        return out;
    }
}
