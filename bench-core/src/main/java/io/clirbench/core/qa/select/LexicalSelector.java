package io.clirbench.core.qa.select;

import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The lexical baseline: no answer (empty), and as support the one candidate sentence that shares the
 * most distinct tokens with the question. Tokens are those of the {@code unicode} protocol (NFKC, case
 * folding, punctuation and symbols as spaces; per character for Han, Japanese and Thai, else words), each
 * text in its own language. Ties go to the earliest sentence in candidate order, so a question that shares
 * nothing with any sentence gets the first sentence of the first candidate.
 */
public final class LexicalSelector {

    private LexicalSelector() {
    }

    /** The prediction for one instance. */
    public static QaPrediction predict(QaInstance instance) {
        Set<String> question = tokens(instance.question(), instance.questionLanguage());
        FactKey best = null;
        int bestOverlap = -1;
        for (Candidate c : instance.candidates()) {
            List<String> sentences = c.sentences();
            for (int s = 0; s < sentences.size(); s++) {
                Set<String> shared = tokens(sentences.get(s), c.language());
                shared.retainAll(question);
                if (shared.size() > bestOverlap) {
                    bestOverlap = shared.size();
                    best = new FactKey(c.id(), s);
                }
            }
        }
        return new QaPrediction(instance.id(), "", best == null ? Set.of() : Set.of(best), false);
    }

    private static Set<String> tokens(String text, String language) {
        Protocol p = Protocol.UNICODE;
        return new HashSet<>(p.tokens(p.normalize(text, language), language));
    }
}
