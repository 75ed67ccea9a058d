package io.clirbench.gateway.client;

import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * Who hears that a model has no answering replica (every endpoint refuses with UNAVAILABLE) and that it
 * answers again: the run whose retriever embeds on this thread (README "Faults"). A listener is bound to
 * the calling thread (and threads it starts) by {@link #reporting}; {@link EmbedClient} picks it up when a
 * job starts. Without one, waits are only logged.
 */
public final class EncoderWaits {

    /** Told when a model's embedders stop answering and when they answer again. */
    public interface Listener {
        void waiting(String modelId, List<String> endpoints, Instant since);

        void resumed(String modelId);

        /** The whole {@code gateway.embed.wait-for-replica} passed without a replica of the model answering. */
        default void waitedOut(String modelId) {
        }

        /**
         * Whether this listener's run already waited the whole wait for the model: its later jobs on the model
         * then make their tries without waiting again (a run with M/exact and M/hnsw waits once, not twice).
         */
        default boolean hasWaitedOut(String modelId) {
            return false;
        }
    }

    static final Listener NONE = new Listener() {
        @Override
        public void waiting(String modelId, List<String> endpoints, Instant since) {
        }

        @Override
        public void resumed(String modelId) {
        }
    };

    private static final InheritableThreadLocal<Listener> CURRENT = new InheritableThreadLocal<>();

    private EncoderWaits() {
    }

    /** Runs {@code work} with {@code listener} told of the waits of every embed job it starts on this thread. */
    public static <T> T reporting(Listener listener, Callable<T> work) throws Exception {
        Listener before = CURRENT.get();
        CURRENT.set(listener);
        try {
            return work.call();
        } finally {
            CURRENT.set(before);
        }
    }

    static Listener current() {
        Listener l = CURRENT.get();
        return l == null ? NONE : l;
    }
}
