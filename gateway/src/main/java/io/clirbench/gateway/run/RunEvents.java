package io.clirbench.gateway.run;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/** Streams a run's progress to an SSE client: 'progress' when it changes (checked every 500 ms), 'end' when terminal. */
@ApplicationScoped
public class RunEvents {

    private final ScheduledExecutorService timer = Executors.newScheduledThreadPool(1, r -> {
        Thread t = new Thread(r, "run-events");
        t.setDaemon(true);
        return t;
    });

    /** Streams run {@code id} of whatever kind: {@code lookup} gives its snapshot now. */
    public void follow(java.util.function.Function<String, RunSnapshot> lookup, String id, SseEventSink sink, Sse sse) {
        AtomicReference<String> last = new AtomicReference<>();
        AtomicReference<ScheduledFuture<?>> task = new AtomicReference<>();
        task.set(timer.scheduleAtFixedRate(() -> {
            try {
                if (sink.isClosed()) {
                    task.get().cancel(false);
                    return;
                }
                RunSnapshot run = lookup.apply(id);
                String key = run.state() + "|" + run.retrievers() + "|" + run.evaluation() + "|" + run.message() + "|" + run.queue();
                if (!Objects.equals(key, last.getAndSet(key))) {
                    sink.send(sse.newEventBuilder().name("progress").mediaType(MediaType.APPLICATION_JSON_TYPE)
                            .data(RunSnapshot.class, run).build());
                }
                if (run.state().terminal()) {
                    sink.send(sse.newEventBuilder().name("end").data(run.state().name()).build())
                            .whenComplete((v, e) -> sink.close());
                    task.get().cancel(false);
                }
            } catch (RuntimeException e) {
                sink.close();
                task.get().cancel(false);
            }
        }, 20, 500, TimeUnit.MILLISECONDS));
    }

    @PreDestroy
    void close() {
        timer.shutdownNow();
    }
}
