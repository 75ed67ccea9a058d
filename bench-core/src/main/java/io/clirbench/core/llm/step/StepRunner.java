package io.clirbench.core.llm.step;

import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.BuildProgress;
import io.clirbench.core.llm.ItemRunner;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * Runs build steps on one {@link BuildLlm} (its call journal makes a killed build resumable and a re-run free; its
 * budget stops the build cleanly; its calls retry unusable replies): each step's units on at most {@code concurrency}
 * threads ({@link ItemRunner}: results in unit order, the first failure stops the step), with progress per step, every
 * call and unusable reply gathered in one {@link BuildRecord}.
 */
public final class StepRunner {

    private final BuildLlm llm;
    private final int concurrency;
    private final Function<String, BuildProgress> progress;
    private final BuildRecord record = new BuildRecord();

    /** {@code progress}: the progress display of a step, by its name. */
    public StepRunner(BuildLlm llm, int concurrency, Function<String, BuildProgress> progress) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("--concurrency must be at least 1, was " + concurrency);
        }
        this.llm = llm;
        this.concurrency = concurrency;
        this.progress = progress;
    }

    /** Runs every unit of {@code step}; the results in unit order. */
    public <U, R> List<R> run(BuildStep<U, R> step) throws InterruptedException {
        List<U> units = step.units();
        int index = record.startStep(step.name());
        List<Integer> positions = IntStream.range(0, units.size()).boxed().toList();
        return ItemRunner.run(positions, concurrency, i -> step.run(units.get(i), new UnitCalls(llm, record, index, i)), llm,
                progress.apply(step.name()));
    }

    /** The calls of every step run so far. */
    public BuildRecord record() {
        return record;
    }

    public BuildLlm llm() {
        return llm;
    }
}
