package io.clirbench.core.qa.eval;

import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.model.SupportingFact;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Answer, support and joint scores of one example (METRICS.md §4 "Answer", "Support", "Joint", and
 * "A missing prediction"), under one protocol.
 */
public final class ExampleScorer {

    private static final Set<String> SPECIAL = Set.of("yes", "no", "noanswer");

    private final Protocol protocol;

    public ExampleScorer(Protocol protocol) {
        this.protocol = protocol;
    }

    /** Scores the prediction ({@code null} when the file has none for this id) against the instance. */
    public ExampleScore score(QaInstance instance, QaPrediction prediction) {
        String answer = prediction == null ? null : prediction.answer();
        Set<FactKey> support = prediction == null ? null : prediction.support();
        if (support != null && prediction.byTitle()) {
            support = byParagraphId(support, instance);
        }
        Set<FactKey> gold = new HashSet<>();
        for (SupportingFact fact : instance.supportingFacts()) {
            gold.add(fact.key());
        }
        boolean answerMissing = answer == null;
        boolean supportMissing = support == null;
        boolean answered = !answerMissing && !answer.isBlank();
        double paragraphRecall = answerParagraphRecall(instance, supportMissing ? Set.of() : support);
        if (protocol == Protocol.HOTPOT) {
            // hotpot_evaluate_v1.py: a missing side scores 0 there and makes the joint metrics 0
            ComponentScore a = answerMissing ? ComponentScore.ZERO : answer(answer, instance.answer(), instance.answerLanguage());
            ComponentScore s = supportMissing ? ComponentScore.ZERO : support(support, gold);
            ComponentScore j = answerMissing || supportMissing ? ComponentScore.ZERO : joint(a, s);
            return new ExampleScore(a, s, j, answerMissing, supportMissing, answered, paragraphRecall);
        }
        ComponentScore a = answer(answerMissing ? "" : answer, instance.answer(), instance.answerLanguage());
        ComponentScore s = support(supportMissing ? Set.of() : support, gold);
        return new ExampleScore(a, s, joint(a, s), answerMissing, supportMissing, answered, paragraphRecall);
    }

    /**
     * Recall of answer-bearing paragraphs (ours, beside METRICS.md §4; README "bench qa", bench-core README): the
     * answer-bearing paragraphs of an instance are those of its gold supporting facts with role {@code answer} (the
     * dataset marks the sentence that states the answer, in whatever language that paragraph is written; matching the
     * answer string instead would miss the gold paragraph whenever it is in another language than the answer); the
     * recall is the share of them among the paragraphs of the predicted facts. A selector's measure: it needs no
     * answer. NaN when the instance marks no such fact (HotpotQA imports label every fact {@code support}).
     */
    public static double answerParagraphRecall(QaInstance instance, Set<FactKey> predicted) {
        Set<String> bearing = new HashSet<>();
        for (SupportingFact fact : instance.supportingFacts()) {
            if ("answer".equals(fact.role())) {
                bearing.add(fact.paragraphId());
            }
        }
        if (bearing.isEmpty()) {
            return Double.NaN;
        }
        Set<String> selected = new HashSet<>();
        predicted.forEach(f -> selected.add(f.paragraphId()));
        int found = 0;
        for (String paragraph : bearing) {
            if (selected.contains(paragraph)) {
                found++;
            }
        }
        return (double) found / bearing.size();
    }

    /**
     * HotpotQA facts name a paragraph by title: the candidate with that title (the first, should two share
     * one); a title that matches none stays a fact that can never be correct (METRICS.md §4 "Support").
     */
    static Set<FactKey> byParagraphId(Set<FactKey> byTitle, QaInstance instance) {
        Map<String, String> idOfTitle = new HashMap<>();
        instance.candidates().forEach(c -> idOfTitle.putIfAbsent(c.title(), c.id()));
        Set<FactKey> out = new HashSet<>();
        for (FactKey f : byTitle) {
            String id = idOfTitle.get(f.paragraphId());
            // prefixed with U+0000 so that an unmatched title cannot equal a real paragraph id ("p00" as a title)
            out.add(new FactKey(id != null ? id : "\u0000" + f.paragraphId(), f.sentenceId()));
        }
        return out;
    }

    /** The answer component. */
    public ComponentScore answer(String predicted, String gold, String language) {
        String p = protocol.normalize(predicted, language);
        String g = protocol.normalize(gold, language);
        double em = p.equals(g) ? 1 : 0;
        if ((SPECIAL.contains(p) || SPECIAL.contains(g)) && !p.equals(g)) {
            return ComponentScore.ZERO;
        }
        List<String> pt = protocol.tokens(p, language);
        List<String> gt = protocol.tokens(g, language);
        int overlap = overlap(pt, gt);
        if (protocol == Protocol.HOTPOT && overlap == 0) {
            return new ComponentScore(em, 0, 0, 0); // two empty answers: EM 1, F1 0
        }
        double precision = ratio(overlap, pt.size(), gt.isEmpty());
        double recall = ratio(overlap, gt.size(), pt.isEmpty());
        return new ComponentScore(em, precision, recall, ComponentScore.harmonic(precision, recall));
    }

    /** The support component over the sets of facts. */
    public ComponentScore support(Set<FactKey> predicted, Set<FactKey> gold) {
        int overlap = 0;
        for (FactKey f : predicted) {
            if (gold.contains(f)) {
                overlap++;
            }
        }
        double em = predicted.equals(gold) ? 1 : 0;
        if (protocol == Protocol.HOTPOT) {
            double precision = predicted.isEmpty() ? 0 : (double) overlap / predicted.size();
            double recall = gold.isEmpty() ? 0 : (double) overlap / gold.size();
            return new ComponentScore(em, precision, recall, ComponentScore.harmonic(precision, recall));
        }
        double precision = ratio(overlap, predicted.size(), gold.isEmpty());
        double recall = ratio(overlap, gold.size(), predicted.isEmpty());
        return new ComponentScore(em, precision, recall, ComponentScore.harmonic(precision, recall));
    }

    private static ComponentScore joint(ComponentScore a, ComponentScore s) {
        double p = a.precision() * s.precision();
        double r = a.recall() * s.recall();
        return new ComponentScore(a.exactMatch() * s.exactMatch(), p, r, ComponentScore.harmonic(p, r));
    }

    // the zero-denominator rule: 1 when the other side is also empty, else 0
    private static double ratio(int overlap, int denominator, boolean otherEmpty) {
        return denominator > 0 ? (double) overlap / denominator : otherEmpty ? 1 : 0;
    }

    // size of the multiset intersection (Counter & Counter)
    private static int overlap(List<String> a, List<String> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return 0;
        }
        Map<String, Integer> counts = new HashMap<>();
        for (String t : b) {
            counts.merge(t, 1, Integer::sum);
        }
        int shared = 0;
        for (String t : a) {
            Integer left = counts.get(t);
            if (left != null && left > 0) {
                shared++;
                counts.put(t, left - 1);
            }
        }
        return shared;
    }
}
