package io.clirbench.core.agentic.configure;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * The assignment rules of METRICS.md §5: ids sorted, shuffled with {@code java.util.Random(seed)}
 * ({@link Collections#shuffle(List, java.util.Random)}: its algorithm and generator are fixed by the Java SE
 * specification, so a seed gives the same order on every JVM), then languages dealt round-robin.
 */
public final class AssignmentRule {

    /** The configuration names with a rule. */
    public static final List<String> RULES = List.of("original", "cross-lingual", "multilingual");

    private AssignmentRule() {
    }

    /** id → language, round-robin over the seeded shuffle of the sorted ids. */
    public static Map<String, String> roundRobin(List<String> ids, List<String> languages, long seed) {
        if (languages.isEmpty()) {
            throw new IllegalArgumentException("round-robin assignment needs at least one language");
        }
        List<String> order = new ArrayList<>(ids);
        Collections.sort(order);
        Collections.shuffle(order, new Random(seed));
        Map<String, String> out = new TreeMap<>();
        for (int i = 0; i < order.size(); i++) {
            out.put(order.get(i), languages.get(i % languages.size()));
        }
        return out;
    }
}
