package io.clirbench.core.llm.step;

import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.LlmReply;
import io.clirbench.core.llm.Prompt;

/** One unit's view of the build's models: every call goes to the build's {@link LlmCalls} and into its {@link BuildRecord}. */
final class UnitCalls implements LlmCalls {

    private final LlmCalls llm;
    private final BuildRecord record;
    private final int step;
    private final int unit;
    private int seq; // one unit runs on one thread

    UnitCalls(LlmCalls llm, BuildRecord record, int step, int unit) {
        this.llm = llm;
        this.record = record;
        this.step = step;
        this.unit = unit;
    }

    @Override
    public String model(String role) {
        return llm.model(role);
    }

    @Override
    public String revision(String role) {
        return llm.revision(role);
    }

    @Override
    public LlmReply ask(String role, Prompt prompt, Decoding decoding) throws InterruptedException {
        LlmReply reply = llm.ask(role, prompt, decoding);
        record.call(role, llm.model(role), llm.revision(role), prompt, decoding, reply);
        return reply;
    }

    @Override
    public void unusable(String role, Prompt prompt, LlmReply reply, String reason, int attempt) {
        record.unusable(step, unit, seq++, role, prompt, attempt, reason, reply.content());
    }
}
