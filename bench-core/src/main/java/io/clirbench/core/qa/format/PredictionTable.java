package io.clirbench.core.qa.format;

import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaPrediction;
import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The predictions of an XHotpotQA JSON Lines file by id, in file order, held in a few primitive arrays (about 70 bytes a
 * prediction plus its answer when not empty, against about 180 for a map of records): the ids' UTF-8 bytes in one array,
 * an open-addressing index over them, each prediction's facts as indices into one table of the distinct facts. A
 * 665,000-line file fits in a 256 MiB heap beside the evaluation. Read-only once built, so threads may look up at once;
 * {@link #get} builds the {@link QaPrediction} it returns.
 */
final class PredictionTable extends AbstractMap<String, QaPrediction> {

    private static final int NO_SUPPORT = -1;

    private byte[] idBytes = new byte[1 << 12];
    private int idEnd;
    private int[] idStart = new int[64];
    private int[] lines = new int[64];
    private String[] answers = new String[64];
    private int[] factStart = new int[65]; // prediction i's facts: facts[factStart[i] .. factEnd(i)), or NO_SUPPORT
    private int[] factEnd = new int[64];
    private int[] facts = new int[64];
    private int factCount;
    private int size;
    private long[] slots = new long[128]; // HashSlots: the id's mixed hash, prediction index + 1; one read a probe
    private final Map<FactKey, Integer> factIndex = new HashMap<>();
    private FactKey[] factKeys = new FactKey[16];

    /**
     * Adds a prediction read on {@code line}; returns 0, or the line of an earlier prediction with the same id (then nothing is
     * added). {@code support} is null when the line gave no facts; repeated facts are kept once.
     */
    int add(String id, String answer, Iterable<FactKey> support, int line) {
        byte[] key = id.getBytes(StandardCharsets.UTF_8);
        int hash = HashSlots.mix(id.hashCode());
        int mask = slots.length - 1;
        int at = hash & mask;
        for (long slot; (slot = slots[at]) != 0; at = (at + 1) & mask) {
            if (HashSlots.hash(slot) == hash && sameId(HashSlots.value(slot) - 1, key)) {
                return lines[HashSlots.value(slot) - 1];
            }
        }
        if (size == idStart.length) {
            int grown = size * 2;
            idStart = Arrays.copyOf(idStart, grown);
            lines = Arrays.copyOf(lines, grown);
            answers = Arrays.copyOf(answers, grown);
            factEnd = Arrays.copyOf(factEnd, grown);
            factStart = Arrays.copyOf(factStart, grown + 1);
        }
        if (idEnd + key.length > idBytes.length) {
            idBytes = Arrays.copyOf(idBytes, Math.max(idBytes.length * 2, idEnd + key.length));
        }
        System.arraycopy(key, 0, idBytes, idEnd, key.length);
        idStart[size] = idEnd;
        idEnd += key.length;
        lines[size] = line;
        answers[size] = answer;
        if (support == null) {
            factStart[size] = NO_SUPPORT;
        } else {
            factStart[size] = factCount;
            for (FactKey fact : support) {
                int index = factIndex.computeIfAbsent(fact, f -> {
                    if (factIndex.size() == factKeys.length) {
                        factKeys = Arrays.copyOf(factKeys, factKeys.length * 2);
                    }
                    factKeys[factIndex.size()] = f;
                    return factIndex.size();
                });
                if (!contains(factStart[size], factCount, index)) {
                    if (factCount == facts.length) {
                        facts = Arrays.copyOf(facts, factCount * 2);
                    }
                    facts[factCount++] = index;
                }
            }
        }
        factEnd[size] = factCount;
        slots[at] = HashSlots.slot(hash, ++size);
        if (size * 2 > slots.length) {
            slots = HashSlots.grown(slots);
        }
        return 0;
    }

    private boolean contains(int from, int to, int index) {
        for (int i = from; i < to; i++) {
            if (facts[i] == index) {
                return true;
            }
        }
        return false;
    }

    private boolean sameId(int i, byte[] key) {
        int start = idStart[i];
        int end = i + 1 < size ? idStart[i + 1] : idEnd;
        return Arrays.equals(idBytes, start, end, key, 0, key.length);
    }

    // the index after each thread's last hit: predictions usually come in the dataset's order, so it is tried first
    private final ThreadLocal<int[]> nextHit = ThreadLocal.withInitial(() -> new int[1]);

    private int indexOf(String id) {
        byte[] key = id.getBytes(StandardCharsets.UTF_8);
        int[] hint = nextHit.get();
        if (hint[0] < size && sameId(hint[0], key)) {
            return hint[0]++;
        }
        int found = lookUp(id, key);
        hint[0] = found + 1;
        return found;
    }

    private int lookUp(String id, byte[] key) {
        int mask = slots.length - 1;
        int hash = HashSlots.mix(id.hashCode());
        for (int at = hash & mask; slots[at] != 0; at = (at + 1) & mask) {
            long slot = slots[at];
            if (HashSlots.hash(slot) == hash && sameId(HashSlots.value(slot) - 1, key)) {
                return HashSlots.value(slot) - 1;
            }
        }
        return -1;
    }

    private String id(int i) {
        int start = idStart[i];
        int end = i + 1 < size ? idStart[i + 1] : idEnd;
        return new String(idBytes, start, end - start, StandardCharsets.UTF_8);
    }

    private QaPrediction prediction(int i, String id) {
        Set<FactKey> support = null;
        if (factStart[i] != NO_SUPPORT) {
            FactKey[] keys = new FactKey[factEnd[i] - factStart[i]];
            for (int k = 0; k < keys.length; k++) {
                keys[k] = factKeys[facts[factStart[i] + k]];
            }
            support = Set.of(keys);
        }
        return new QaPrediction(id, answers[i], support, false);
    }

    /** Frees the spare room of the arrays and the build-time fact index. */
    void trim() {
        idBytes = Arrays.copyOf(idBytes, idEnd);
        idStart = Arrays.copyOf(idStart, size);
        lines = Arrays.copyOf(lines, size);
        answers = Arrays.copyOf(answers, size);
        factStart = Arrays.copyOf(factStart, size);
        factEnd = Arrays.copyOf(factEnd, size);
        facts = Arrays.copyOf(facts, factCount);
        factKeys = Arrays.copyOf(factKeys, factIndex.size());
        factIndex.clear();
    }

    @Override
    public QaPrediction get(Object key) {
        if (!(key instanceof String id)) {
            return null;
        }
        int i = indexOf(id);
        return i < 0 ? null : prediction(i, id);
    }

    @Override
    public boolean containsKey(Object key) {
        return key instanceof String id && indexOf(id) >= 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Set<Entry<String, QaPrediction>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, QaPrediction>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Entry<String, QaPrediction> next() {
                        if (next >= size) {
                            throw new NoSuchElementException();
                        }
                        String id = id(next);
                        return new SimpleImmutableEntry<>(id, prediction(next++, id));
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }
}
