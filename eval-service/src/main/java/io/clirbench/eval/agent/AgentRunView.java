package io.clirbench.eval.agent;

import java.util.List;

/** An agent run at the eval-service: state, what was received against what the run counted, its files. */
public record AgentRunView(String id, String state, String message, boolean opened, boolean closed, int calls,
                           int answers, Integer expectedCalls, Integer expectedAnswers, List<String> files) {
}
