package io.clirbench.core.construct.qajudge;

import io.clirbench.core.llm.Prompt;

/** A unit's outcome: the judge's reply, or (after the last attempt) why no reply was usable. */
public record UnitJudgement(JudgeUnit unit, JudgeReply reply, String rejection, int attempts, Prompt prompt) {

    public boolean ok() {
        return rejection == null;
    }
}
