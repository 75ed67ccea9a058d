package io.clirbench.gateway.run;

import io.clirbench.core.run.RankedList;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;

/**
 * The query results one run has sent: each is confirmed by the broker before RunCompleted goes out. A result the
 * broker had confirmed before a restart (recorded in the {@link RunJournal}) is not sent again.
 */
final class RunResults {

    private final RunProgress run;
    private final RunEventPublisher publisher;
    private final List<Future<?>> pending = new ArrayList<>();

    RunResults(RunProgress run, RunEventPublisher publisher) {
        this.run = run;
        this.publisher = publisher;
    }

    /** Sends one query's result list (confirmed later, in {@link #awaitPublished()}). */
    void publish(RetrieverProgress retriever, RankedList list, long latencyMicros) {
        if (retriever.isConfirmed(list.queryId())) {
            return; // a resumed run: the process before had this result confirmed
        }
        long t0 = System.nanoTime();
        retriever.sent();
        Future<?> sent = publisher.result(run.id(), retriever.id(), list, latencyMicros, () -> retriever.confirmed(list.queryId()));
        synchronized (pending) {
            pending.add(sent);
        }
        run.timed(RunProgress.TimedPhase.PUBLISH, t0);
    }

    /** Waits until the broker confirmed every query result sent (acks=all). */
    void awaitPublished() throws Exception {
        long t0 = System.nanoTime();
        publisher.flush();
        synchronized (pending) {
            for (Future<?> f : pending) {
                io.clirbench.gateway.client.CancellableWaits.get(f); // a cancel ends the wait, not an interrupt
            }
            pending.clear();
        }
        run.timed(RunProgress.TimedPhase.PUBLISH, t0);
    }
}
