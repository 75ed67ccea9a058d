package io.clirbench.core.llm;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/** What one model was paid for over the whole build (every journaled call): calls, tokens and cost. */
public record ModelUsage(String model, long calls, long promptTokens, long completionTokens, double cost) {

    /** {@code "usage": [{"model", "calls", "prompt_tokens", "completion_tokens", "cost_usd"}, ...]} into {@code o}, as every build report has it. */
    public static void putInto(ObjectNode o, List<ModelUsage> usage) {
        ArrayNode u = o.putArray("usage");
        for (ModelUsage m : usage) {
            u.addObject().put("model", m.model()).put("calls", m.calls()).put("prompt_tokens", m.promptTokens())
                    .put("completion_tokens", m.completionTokens()).put("cost_usd", m.cost());
        }
    }
}
