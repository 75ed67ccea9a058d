package io.clirbench.core.qa.select;

import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.model.SupportingFact;
import java.util.LinkedHashSet;
import java.util.Set;

/** The oracle: the gold answer and the gold supporting facts (every score is 1 under every protocol). */
public final class OracleSelector {

    private OracleSelector() {
    }

    /** The prediction for one instance. */
    public static QaPrediction predict(QaInstance instance) {
        Set<FactKey> facts = new LinkedHashSet<>();
        for (SupportingFact f : instance.supportingFacts()) {
            facts.add(f.key());
        }
        return new QaPrediction(instance.id(), instance.answer(), facts, false);
    }
}
