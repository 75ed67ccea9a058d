package io.clirbench.core.qa.eval;

/**
 * The scores of one example.
 *
 * @param answer         answer EM/P/R/F1
 * @param support        support EM/P/R/F1
 * @param joint          joint EM/P/R/F1
 * @param answerMissing  the prediction gave no answer for the id
 * @param supportMissing the prediction gave no support for the id
 * @param answered       the prediction gave a non-blank answer (a selector without a reader gives none: its answer
 *                       and joint scores measure nothing, and the tables leave them out)
 * @param answerParagraphRecall recall of the answer-bearing paragraphs by the predicted facts' paragraphs
 *                       ({@link ExampleScorer#answerParagraphRecall}); NaN when the instance marks none
 */
public record ExampleScore(ComponentScore answer, ComponentScore support, ComponentScore joint,
                           boolean answerMissing, boolean supportMissing, boolean answered, double answerParagraphRecall) {

    /** Components in report order. */
    public static final java.util.List<String> COMPONENTS = java.util.List.of("answer", "support", "joint");
    /** Measures in report order (XHotpotQA key names). */
    public static final java.util.List<String> MEASURES = java.util.List.of("exact_match", "precision", "recall", "f1");

    /** Component 0 = answer, 1 = support, 2 = joint. */
    public ComponentScore component(int c) {
        return switch (c) {
            case 0 -> answer;
            case 1 -> support;
            case 2 -> joint;
            default -> throw new IllegalArgumentException("component " + c);
        };
    }
}
