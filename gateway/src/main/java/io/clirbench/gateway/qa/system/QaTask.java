package io.clirbench.gateway.qa.system;

import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.select.SelectorOptions;
import java.util.List;

/** What a {@link QaSystem} gets from the run: the instances, the options, and where its predictions and progress go. */
public interface QaTask {

    List<QaInstance> instances();

    SelectorOptions options();

    /** Sends one prediction (through the reader first when the run has one). */
    void publish(QaPrediction prediction, long latencyMicros) throws InterruptedException;

    /** Texts of this system embedded so far (sentences and questions). */
    void embedded(int texts);

    /** Adds time spent embedding (nanoTime of the start). */
    void timedEmbedding(long startNanos);

    /** Adds time spent selecting (nanoTime of the start). */
    void timedSelection(long startNanos);

    /** Throws when the run was cancelled. */
    void checkCancelled() throws InterruptedException;
}
