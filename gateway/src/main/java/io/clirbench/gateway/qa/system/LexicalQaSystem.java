package io.clirbench.gateway.qa.system;

import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.select.LexicalSelector;
import io.clirbench.core.qa.select.QaSystemId;
import jakarta.enterprise.context.ApplicationScoped;

/** {@code select:lexical}: bench-core's lexical baseline ({@link LexicalSelector}), no model. */
@ApplicationScoped
public class LexicalQaSystem implements QaSystem {

    @Override
    public String kind() {
        return QaSystemId.LEXICAL;
    }

    @Override
    public void predict(QaSystemId id, QaTask task) throws InterruptedException {
        for (QaInstance instance : task.instances()) {
            task.checkCancelled();
            long t0 = System.nanoTime();
            var prediction = LexicalSelector.predict(instance);
            task.timedSelection(t0);
            task.publish(prediction, (System.nanoTime() - t0) / 1000);
        }
    }
}
