package io.clirbench.gateway.client;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.AbstractQueue;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Shares each model's embedder endpoints fairly between the jobs that embed through them at once (a job is one
 * {@link EmbedClient} embed or score call; a run makes one at a time). Every endpoint carries at most
 * {@code gateway.embed.in-flight-per-endpoint} batches whichever job sent them, and a freed slot goes to the jobs
 * waiting in turn (round-robin), so a short run's batches wait for at most one batch of each other job, never behind
 * a long run's whole backlog. A job sees its share as a {@link BlockingQueue} of endpoint names: {@code take} (or
 * {@code poll} with a timeout) waits for its turn at a free slot, {@code put}/{@code offer} gives the slot back.
 */
@ApplicationScoped
public class EmbedTurns {

    private final Map<String, Pool> pools = new ConcurrentHashMap<>();

    /**
     * A new job on {@code modelId}: the model's slots are ({@code perEndpoint} per endpoint of {@code endpoints}, the
     * endpoints as they are now; slots of an endpoint that left are dropped as they come back).
     */
    public BlockingQueue<String> join(String modelId, List<String> endpoints, int perEndpoint) {
        Pool pool = pools.computeIfAbsent(modelId, m -> new Pool());
        pool.resize(endpoints, perEndpoint);
        return new Job(pool);
    }

    /** The slots of one model, and the jobs waiting for them in turn. */
    private static final class Pool {

        private final ReentrantLock lock = new ReentrantLock();
        /** Free slots, one endpoint name each. */
        private final Deque<String> free = new ArrayDeque<>();
        /** Slots per endpoint, free or taken, and how many each should have. */
        private final Map<String, Integer> owned = new HashMap<>();
        private final Map<String, Integer> target = new HashMap<>();
        /** Jobs with a caller waiting, next first. */
        private final Deque<Job> turns = new ArrayDeque<>();

        void resize(List<String> endpoints, int perEndpoint) {
            lock.lock();
            try {
                target.clear();
                endpoints.forEach(e -> target.put(e, perEndpoint));
                // added round by round, as endpoints: e1 e2 e1 e2, so that consecutive batches go to different endpoints
                for (int i = 0; i < perEndpoint; i++) {
                    for (String e : endpoints) {
                        if (owned.getOrDefault(e, 0) < perEndpoint) {
                            owned.merge(e, 1, Integer::sum);
                            free.addLast(e);
                        }
                    }
                }
                for (Iterator<String> it = free.iterator(); it.hasNext(); ) {
                    String e = it.next();
                    if (owned.get(e) > target.getOrDefault(e, 0)) {
                        it.remove();
                        owned.merge(e, -1, Integer::sum);
                    }
                }
                dispatch();
            } finally {
                lock.unlock();
            }
        }

        void release(String endpoint) {
            lock.lock();
            try {
                if (owned.getOrDefault(endpoint, 0) > target.getOrDefault(endpoint, 0)) {
                    owned.merge(endpoint, -1, Integer::sum);
                } else {
                    free.addLast(endpoint);
                }
                dispatch();
            } finally {
                lock.unlock();
            }
        }

        /** A slot for {@code job} when its turn comes; {@code nanos} < 0 waits for ever; null when the time ran out. */
        String take(Job job, long nanos) throws InterruptedException {
            lock.lockInterruptibly();
            try {
                job.waiting++;
                if (!job.inLine) {
                    turns.addLast(job);
                    job.inLine = true;
                }
                dispatch();
                long left = nanos;
                try {
                    while (job.granted.isEmpty()) {
                        if (left < 0) {
                            job.ready.await();
                        } else if (left == 0) {
                            return null;
                        } else {
                            left = Math.max(0, job.ready.awaitNanos(left));
                        }
                    }
                    return job.granted.pollFirst();
                } finally {
                    job.waiting--;
                    // a slot granted to a caller that gave up (interrupted, timed out) goes back first in line
                    while (job.granted.size() > job.waiting) {
                        free.addFirst(job.granted.pollLast());
                    }
                    if (job.waiting == 0 && job.inLine) {
                        turns.remove(job);
                        job.inLine = false;
                    }
                    dispatch();
                }
            } finally {
                lock.unlock();
            }
        }

        /** Free slots to the waiting jobs, one each in turn; a job with more callers waiting goes to the back. */
        private void dispatch() {
            while (!free.isEmpty() && !turns.isEmpty()) {
                Job job = turns.pollFirst();
                job.granted.addLast(free.pollFirst());
                job.ready.signal();
                if (job.waiting > job.granted.size()) {
                    turns.addLast(job);
                } else {
                    job.inLine = false;
                }
            }
        }
    }

    /** One job's view of its model's slots (state guarded by the pool's lock). */
    private static final class Job extends AbstractQueue<String> implements BlockingQueue<String> {

        private final Pool pool;
        private final Deque<String> granted = new ArrayDeque<>();
        private final Condition ready;
        private int waiting;
        private boolean inLine;

        Job(Pool pool) {
            this.pool = pool;
            this.ready = pool.lock.newCondition();
        }

        @Override
        public String take() throws InterruptedException {
            return pool.take(this, -1);
        }

        @Override
        public String poll(long timeout, TimeUnit unit) throws InterruptedException {
            return pool.take(this, Math.max(0, unit.toNanos(timeout)));
        }

        @Override
        public String poll() {
            try {
                return pool.take(this, 0);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return null;
            }
        }

        @Override
        public void put(String endpoint) {
            pool.release(endpoint);
        }

        @Override
        public boolean offer(String endpoint) {
            pool.release(endpoint);
            return true;
        }

        @Override
        public boolean offer(String endpoint, long timeout, TimeUnit unit) {
            return offer(endpoint);
        }

        @Override
        public String peek() {
            return null;
        }

        /** A view holds no slot: each goes from the pool straight to a taker. */
        @Override
        public int size() {
            return 0;
        }

        @Override
        public Iterator<String> iterator() {
            return List.<String>of().iterator();
        }

        @Override
        public int remainingCapacity() {
            return Integer.MAX_VALUE;
        }

        @Override
        public int drainTo(Collection<? super String> c) {
            return drainTo(c, Integer.MAX_VALUE);
        }

        @Override
        public int drainTo(Collection<? super String> c, int max) {
            int n = 0;
            for (String e; n < max && (e = poll()) != null; n++) {
                c.add(e);
            }
            return n;
        }
    }
}
