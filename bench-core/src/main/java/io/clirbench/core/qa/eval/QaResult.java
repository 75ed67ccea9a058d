package io.clirbench.core.qa.eval;

import java.util.List;
import java.util.Map;

/**
 * The evaluation of one prediction file: every aggregate of the XHotpotQA report (METRICS.md §4) and the
 * per-example records. Maps keep report order (sorted keys for languages, conditions and script
 * relations as XHotpotQA sorts them; bins in their natural order, populated bins only).
 *
 * @param protocol            the protocol used
 * @param count               gold examples
 * @param missing             gold examples without a prediction
 * @param unexpected          predicted ids that are not in the gold
 * @param overall             the mean over all examples
 * @param macro               unweighted mean of the per-language means ({@code answer_f1}, ...: EM and F1 of each component)
 * @param byQuestionLanguage  per question language
 * @param byCondition         per language condition
 * @param byScriptRelation    per script relation
 * @param summaries           descriptor summaries (gold_mismatch, distractor_mismatch, gold_entropy, distinct_candidate_languages)
 * @param bins                per bin family (by_gold_mismatch, ...) the aggregates of its populated bins
 * @param examples            per-example records in gold order
 * @param measures            the registry the aggregates hold the means of
 */
public record QaResult(Protocol protocol, int count, int missing, int unexpected, Aggregate overall, Map<String, Double> macro,
                       Map<String, Aggregate> byQuestionLanguage, Map<String, Aggregate> byCondition,
                       Map<String, Aggregate> byScriptRelation, Map<String, DescriptorSummary> summaries,
                       Map<String, Map<String, Aggregate>> bins, List<ExampleRecord> examples,
                       QaMeasures measures) {

    /**
     * Whether any prediction gave a non-blank answer. When none did (a selector without a reader) the answer and joint
     * scores are those of empty answers: they measure nothing, and the report's tables leave them out.
     */
    public boolean answersPredicted() {
        return overall.answered() > 0;
    }
}
