package io.clirbench.gateway.qa.system;

import io.clirbench.core.qa.select.QaSystemId;
import java.util.Optional;

/** One kind of QA system: predicts answer and support for every instance of a run (the port; one class per kind). */
public interface QaSystem {

    /** The {@link QaSystemId#kind()} this class runs. */
    String kind();

    /** What makes {@code id} impossible to run here (an unknown model, a missing upload); empty when it can run. */
    default Optional<String> problem(QaSystemId id) {
        return Optional.empty();
    }

    /**
     * Predicts every instance of {@code task.instances()} and hands each prediction to {@link QaTask#publish}.
     *
     * @throws InterruptedException when the run is cancelled
     */
    void predict(QaSystemId id, QaTask task) throws InterruptedException;
}
