/**
 * One build-step contract and one runner for every benchmark-construction command (as Lucene benchmark/byTask's task
 * and runner). A {@link io.clirbench.core.llm.step.BuildStep} declares its units of work, the calls a unit makes
 * (role, rendered prompt file, decoding, expected reply size) and how a unit is done (its parsers); the {@link
 * io.clirbench.core.llm.step.StepRunner} gives every step the same bounded concurrency, budget, resumable call
 * journal and retries (through {@link io.clirbench.core.llm.BuildLlm}), progress, provenance and kept
 * unusable replies ({@link io.clirbench.core.llm.step.BuildRecord}), and {@link
 * io.clirbench.core.llm.step.DryRun} the same dry run with a cost estimate.
 *
 * <p>Usage: build the step from the command's options, then {@code DryRun.of(steps, models, prices, maxAttempts)} or
 * {@code new StepRunner(llm, concurrency, progress).run(step)}, and write {@code runner.record()} with the outputs.
 */
package io.clirbench.core.llm.step;
