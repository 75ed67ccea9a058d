package io.clirbench.gateway.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The slots of one model shared by two jobs: the bound holds across jobs, a freed slot goes to the jobs in turn,
 * and a caller that gives up (interrupted, timed out) loses no slot. Threads wait on the real lock; no timing matters
 * except the short timed polls that must come back empty.
 */
class EmbedTurnsTest {

    private final List<String> grants = Collections.synchronizedList(new ArrayList<>());
    private final List<Thread> takers = new ArrayList<>();

    @Test
    void aFreedSlotGoesToTheJobsInTurnAndNoneIsLost() throws Exception {
        EmbedTurns turns = new EmbedTurns();
        BlockingQueue<String> a = turns.join("m", List.of("e"), 2);
        BlockingQueue<String> b = turns.join("m", List.of("e"), 2);
        String first = a.take();
        String second = a.take();
        assertThat(List.of(first, second)).containsExactly("e", "e");
        // both slots out: no job gets a third, whichever asks
        assertThat(b.poll(50, TimeUnit.MILLISECONDS)).isNull();
        assertThat(a.poll(50, TimeUnit.MILLISECONDS)).isNull();

        for (int i = 0; i < 5; i++) {
            waitingTaker("a", a);
        }
        waitingTaker("b", b);
        a.put(first);
        awaitGrants(1);
        a.put(second);
        awaitGrants(2);
        // a was in line first, then b's turn came: b did not wait for a's four other callers
        assertThat(grants).containsExactly("a", "b");

        // the callers still waiting give up; the two granted ones give their slots back; nothing is lost
        takers.forEach(Thread::interrupt);
        for (Thread t : takers) {
            t.join(5000);
        }
        a.offer("e");
        b.offer("e");
        BlockingQueue<String> c = turns.join("m", List.of("e"), 2);
        assertThat(c.poll(1, TimeUnit.SECONDS)).isEqualTo("e");
        assertThat(c.poll(1, TimeUnit.SECONDS)).isEqualTo("e");
        assertThat(c.poll(50, TimeUnit.MILLISECONDS)).isNull();
    }

    @Test
    void slotsFollowTheEndpointsAsTheyAreNow() throws Exception {
        EmbedTurns turns = new EmbedTurns();
        BlockingQueue<String> one = turns.join("m", List.of("e1"), 1);
        assertThat(one.take()).isEqualTo("e1");
        // e2 joins, e1 leaves: e2's slot is there at once, e1's slot is dropped when it comes back
        BlockingQueue<String> two = turns.join("m", List.of("e2"), 1);
        assertThat(two.poll(1, TimeUnit.SECONDS)).isEqualTo("e2");
        one.put("e1");
        assertThat(two.poll(50, TimeUnit.MILLISECONDS)).isNull();
        two.put("e2");
        assertThat(two.poll(1, TimeUnit.SECONDS)).isEqualTo("e2");
    }

    /** A thread taking a slot from {@code job} (logging {@code name} once granted, keeping the slot), started and waiting. */
    private void waitingTaker(String name, BlockingQueue<String> job) throws InterruptedException {
        Thread t = new Thread(() -> {
            try {
                job.take();
                grants.add(name);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "taker-" + name + "-" + takers.size());
        t.setDaemon(true);
        takers.add(t);
        t.start();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (t.getState() != Thread.State.WAITING && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        assertThat(t.getState()).as("taker %s waiting", name).isEqualTo(Thread.State.WAITING);
    }

    private void awaitGrants(int n) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (grants.size() < n && System.nanoTime() < end) {
            Thread.sleep(5);
        }
        assertThat(grants).hasSize(n);
    }
}
