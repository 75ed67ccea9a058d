package io.clirbench.gateway.client;

import java.time.Instant;
import java.util.List;

/**
 * One embed job's view of its model's replicas: when a call last succeeded, and whether the job is waiting
 * because none answers. A batch that has used its tries and is still refused with UNAVAILABLE, with no call of
 * the job answered since its first refusal, makes the job "waiting" (the listener hears it once); the next call
 * that succeeds ends the wait. Thread-safe.
 */
final class ReplicaWait {

    private final String modelId;
    private final List<String> endpoints;
    private final EncoderWaits.Listener listener;
    private long lastSuccessNanos = Long.MIN_VALUE;
    private Instant waitingSince;

    ReplicaWait(String modelId, List<String> endpoints, EncoderWaits.Listener listener) {
        this.modelId = modelId;
        this.endpoints = endpoints;
        this.listener = listener;
    }

    synchronized void succeeded() {
        lastSuccessNanos = System.nanoTime();
        if (waitingSince != null) {
            waitingSince = null;
            listener.resumed(modelId);
        }
    }

    /** Whether the job's run already waited out this model (then the job does not wait again). */
    boolean alreadyWaitedOut() {
        return listener.hasWaitedOut(modelId);
    }

    /** The job's wait for a replica is over and none answered. */
    void waitedOut() {
        listener.waitedOut(modelId);
    }

    /** A batch first refused at {@code firstRefusalNanos} is still refused after its tries. */
    synchronized void stillRefused(long firstRefusalNanos, Instant firstRefusal) {
        boolean answeredSince = lastSuccessNanos != Long.MIN_VALUE && lastSuccessNanos - firstRefusalNanos > 0;
        if (!answeredSince && waitingSince == null) {
            waitingSince = firstRefusal;
            listener.waiting(modelId, endpoints, firstRefusal);
        }
    }
}
