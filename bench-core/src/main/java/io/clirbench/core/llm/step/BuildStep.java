package io.clirbench.core.llm.step;

import io.clirbench.core.llm.LlmCalls;
import java.util.List;

/**
 * One step of a benchmark build (QAC generation, a translation, a judging): its units of work, the calls each unit
 * makes at first asking, and how a unit is done. A unit asks only through the {@link LlmCalls} it is given, so the
 * runner sees every call; its result must depend only on the unit and the replies (no clock, no thread order), which
 * makes a resumed build byte-identical to an uninterrupted one.
 *
 * @param <U> a unit of work
 * @param <R> what a unit gives
 */
public interface BuildStep<U, R> {

    /** A short name for progress and messages ({@code translate}, {@code judge}, {@code qac}). */
    String name();

    /** The units, in output order. */
    List<U> units();

    /**
     * The calls {@code unit} makes when every reply is usable: for the dry run's counts, prompt examples and cost
     * estimate. A prompt that quotes an earlier reply renders a stand-in for it. Empty for a unit that makes no call.
     */
    List<PlannedCall> plan(U unit);

    /** How the dry run names a unit whose prompt it shows (an id, a document and its target language). */
    default String label(U unit) {
        return "";
    }

    /** Does one unit. */
    R run(U unit, LlmCalls calls) throws InterruptedException;

    /**
     * Whether {@link #units()} is an upper bound rather than the units that will run (a sample drawn from an earlier
     * step's accepted results): the dry run then says "at most".
     */
    default boolean atMost() {
        return false;
    }
}
