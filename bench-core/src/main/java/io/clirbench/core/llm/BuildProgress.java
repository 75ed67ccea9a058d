package io.clirbench.core.llm;

/** Told after each item of a build: items done of the total, and the build's tokens and cost so far. */
@FunctionalInterface
public interface BuildProgress {

    BuildProgress NONE = (done, total, tokens, cost) -> { };

    void update(int done, int total, long tokens, double cost);
}
