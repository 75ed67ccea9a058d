package io.clirbench.gateway.run;

import java.util.List;

/** Body of {@code POST /api/runs}; null fields take their defaults (depth 1000, seed 42, bootstrap 10000). */
public record RunRequest(String dataset, List<String> retrievers, Integer depth, Long seed, Integer bootstrap) {

    public int depthOrDefault() {
        return depth == null ? 1000 : depth;
    }

    public long seedOrDefault() {
        return seed == null ? 42L : seed;
    }

    public int bootstrapOrDefault() {
        return bootstrap == null ? 10000 : bootstrap;
    }
}
