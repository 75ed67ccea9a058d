package io.clirbench.gateway.client;

import io.grpc.Context;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits that a run's cancellation ends without a thread interrupt (issue 45). A run executes in a gRPC {@link Context}
 * of its own, cancelled when the run is cancelled: its gRPC calls end at once (gRPC cancels a call whose context is
 * cancelled, on its stream only: the shared channel and its event loops go on), and the waits here return with an
 * {@link InterruptedException}. No thread is interrupted: an interrupt that came while the thread was in H2's file I/O
 * would close the {@code FileChannel}, and H2 the whole database with it ("The database has been closed" on every
 * request until a restart). Outside a cancellable context (a request thread, a test) these wait as plain waits do.
 */
public final class CancellableWaits {

    /** How often {@link #get} looks whether the context was cancelled while a future is not done. */
    private static final long LOOK_MILLIS = 100;

    private CancellableWaits() {
    }

    /** Throws when the current context (the run's) was cancelled. */
    public static void checkNotCancelled() throws InterruptedException {
        if (Context.current().isCancelled()) {
            throw new InterruptedException("cancelled");
        }
    }

    /** Sleeps {@code millis}, or less when the current context is cancelled meanwhile (then throws). */
    public static void sleep(long millis) throws InterruptedException {
        Context context = Context.current();
        CountDownLatch cancelled = new CountDownLatch(1);
        Context.CancellationListener listener = c -> cancelled.countDown();
        context.addListener(listener, Runnable::run);
        try {
            cancelled.await(millis, TimeUnit.MILLISECONDS);
        } finally {
            context.removeListener(listener);
        }
        checkNotCancelled();
    }

    /** The future's result; throws {@link InterruptedException} when the current context is cancelled first. */
    public static <T> T get(Future<T> future) throws InterruptedException, ExecutionException {
        while (true) {
            checkNotCancelled();
            try {
                return future.get(LOOK_MILLIS, TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                // not done yet: look at the context again
            }
        }
    }

    /** {@code task} to run on another thread in the current context (a run's pool threads are cancelled with it). */
    public static <T> Callable<T> inCurrentContext(Callable<T> task) {
        return Context.current().wrap(task);
    }
}
