package io.clirbench.gateway.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The line itself, without a gateway: places, positions, withdrawal, the next run starting when one ends. */
class RunQueueUnitTest {

    @Test
    void runsBeyondTheMaximumWaitFirstInFirstOut() throws Exception {
        RunQueue queue = new RunQueue(2);
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch started = new CountDownLatch(3);
        Runnable held = () -> {
            started.countDown();
            await(release);
        };
        assertThat(queue.submit("r1", Set.of(), held)).isEmpty();
        assertThat(queue.submit("r2", Set.of(), held)).isEmpty();
        assertThat(queue.submit("r3", Set.of(), held)).contains(new RunSnapshot.Queue(1, 1));
        assertThat(queue.submit("r4", Set.of(), held)).contains(new RunSnapshot.Queue(2, 2));
        assertThat(queue.submit("r5", Set.of(), held)).contains(new RunSnapshot.Queue(3, 3));
        assertThat(queue.running()).isEqualTo(2);
        assertThat(queue.position("r1")).isEmpty();

        // r3 leaves the line: r4 and r5 move up; a second withdrawal finds nothing
        assertThat(queue.withdraw("r3")).isPresent();
        assertThat(queue.withdraw("r3")).isEmpty();
        assertThat(List.of(queue.position("r4").orElseThrow(), queue.position("r5").orElseThrow()))
                .containsExactly(new RunSnapshot.Queue(1, 2), new RunSnapshot.Queue(2, 2));

        // r1 and r2 end: r4 and r5 start, in that order of the line
        release.countDown();
        assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (queue.running() > 0 && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        assertThat(queue.running()).isZero();
        assertThat(queue.position("r5")).isEmpty();
        queue.close();
    }

    @Test
    void aRunClaimingWhatARunningRunHoldsWaitsAndSoDoThoseBehindIt() throws Exception {
        RunQueue queue = new RunQueue(2);
        CountDownLatch release = new CountDownLatch(1);
        List<String> order = java.util.Collections.synchronizedList(new java.util.ArrayList<>());
        java.util.function.Function<String, Runnable> held = id -> () -> {
            order.add(id);
            await(release);
        };
        assertThat(queue.submit("x1", Set.of("dataset x"), held.apply("x1"))).isEmpty();
        awaitSize(order, 1); // x1 runs on the queue's thread: started before y1 can be
        // a place is free, but x1 holds dataset x: x2 waits, and y1 behind it (first in, first out)
        assertThat(queue.submit("x2", Set.of("dataset x"), held.apply("x2"))).contains(new RunSnapshot.Queue(1, 1));
        assertThat(queue.submit("y1", Set.of("dataset y"), held.apply("y1"))).contains(new RunSnapshot.Queue(2, 2));
        assertThat(queue.running()).isEqualTo(1);
        // x2 cancelled: y1 claims nothing held and starts at once
        assertThat(queue.withdraw("x2")).isPresent();
        awaitSize(order, 2);
        assertThat(order).containsExactly("x1", "y1");
        assertThat(queue.running()).isEqualTo(2);
        release.countDown();
        queue.close();
    }

    @Test
    void aMaximumBelowOneIsRefusedNamingTheProperty() {
        assertThatThrownBy(() -> new RunQueue(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gateway.runs.max-concurrent").hasMessageContaining("0");
    }

    private static void awaitSize(List<String> list, int size) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (list.size() < size && System.nanoTime() < end) {
            Thread.sleep(5);
        }
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
