package io.clirbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The run states as the APIs spell them (gateway README "Runs": QUEUED, RUNNING, EVALUATING, COMPLETED, FAILED,
 * CANCELLED, INTERRUPTED; eval-service: PENDING, RECEIVING, ...; agent runs OPEN, CLOSED), and which end a run.
 */
class RunStateTest {

    @Test
    void theReportedNamesMatchExactly() {
        assertThat(RunState.COMPLETED.is("COMPLETED")).isTrue();
        assertThat(RunState.COMPLETED.is("completed")).isFalse();
        assertThat(RunState.COMPLETED.is(null)).isFalse();
        assertThat(RunState.COMPLETED.is("")).isFalse();
    }

    @Test
    void exactlyTheFourEndStatesAreTerminal() {
        assertThat(Arrays.stream(RunState.values()).filter(RunState::terminal))
                .containsExactlyInAnyOrder(RunState.COMPLETED, RunState.FAILED, RunState.CANCELLED, RunState.INTERRUPTED);
        assertThat(RunState.isTerminal("INTERRUPTED")).isTrue();
        assertThat(RunState.isTerminal("EVALUATING")).isFalse();
        assertThat(RunState.isTerminal("SOMETHING-NEW")).isFalse();
        assertThat(RunState.isTerminal(null)).isFalse();
    }
}
