package io.clirbench.gateway.run;

import io.clirbench.core.stats.Stats;
import java.util.List;

/** Body of {@code POST /api/runs}; null fields take their defaults (depth 1000, seed 42, bootstrap 10000). */
public record RunRequest(String dataset, List<String> retrievers, Integer depth, Long seed, Integer bootstrap) {

    public int depthOrDefault() {
        return depth == null ? 1000 : depth;
    }

    public long seedOrDefault() {
        return seed == null ? Stats.DEFAULT_SEED : seed;
    }

    public int bootstrapOrDefault() {
        return bootstrap == null ? Stats.DEFAULT_BOOTSTRAP : bootstrap;
    }
}
