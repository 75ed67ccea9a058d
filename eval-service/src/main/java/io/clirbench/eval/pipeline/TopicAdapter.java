package io.clirbench.eval.pipeline;

/**
 * A pillar's mapping of one topic's records, the part of an adapter that {@link EventConsumers} calls: the record's
 * bytes applied in one database transaction (its run row locked, its duplicate checks under that lock); a
 * {@link PoisonEventException} for an event that can never be applied.
 */
public interface TopicAdapter {

    /** The incoming channel whose records this adapter applies (one of {@link EvalChannels}). */
    String channel();

    /** Where its poison records go (one of {@link EvalChannels}' {@code *_DLT}). */
    String deadLetterChannel();

    void apply(byte[] value);
}
