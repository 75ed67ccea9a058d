package io.clirbench.core.llm;

import java.util.List;

/**
 * What a building pipeline needs of the models: ask a role, and ask until a reply parses. {@link BuildLlm} is the one
 * that calls (cache, budget); a build step's per-unit view ({@code llm.step.UnitCalls}) passes every call to it
 * and records the provenance and the unusable replies of its unit.
 *
 * <p>{@link #askParsed} asks again when a reply is unusable: attempt n+1 is the same prompt followed by the unusable
 * reply and a correction naming the problem (so it has its own cache key), at most {@code maxAttempts} replies; then
 * the item is a recorded rejection with the last reply kept, never a crash. A reply the server says was cut at the
 * output limit ({@code finish_reason: length}) is unusable whatever its content: its end is missing, and a parser
 * cannot tell.
 */
public interface LlmCalls {

    /** The correction after an unusable reply; {@code %s} is the reason. */
    String CORRECTION = "Your answer could not be used: %s. Answer again, following the instructions exactly "
            + "and giving only the requested JSON.";

    /** The model that plays {@code role}. */
    String model(String role);

    /** The revision of the model that plays {@code role}; empty when none was configured. */
    String revision(String role);

    /** The model and revision that play {@code role}, as provenance records them. */
    default ModelRef modelRef(String role) {
        return new ModelRef(model(role), revision(role));
    }

    /** One reply: from the cache, or paid. */
    LlmReply ask(String role, Prompt prompt, Decoding decoding) throws InterruptedException;

    /** Told of each unusable reply before it is asked again (or given up); nothing by default. */
    default void unusable(String role, Prompt prompt, LlmReply reply, String reason, int attempt) {
    }

    /** A reply that {@code parser} accepts, asked at most {@code maxAttempts} times. */
    default <T> Parsed<T> askParsed(String role, Prompt prompt, Decoding decoding, ReplyParser<T> parser, int maxAttempts)
            throws InterruptedException {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("--max-attempts must be at least 1, was " + maxAttempts);
        }
        Prompt current = prompt;
        String reason = null;
        String last = null;
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            LlmReply reply = ask(role, current, decoding);
            try {
                if (reply.cutAtOutputLimit()) {
                    throw new UnusableReplyException("the answer was cut off at the output limit (finish_reason 'length'), so "
                            + "its end is missing; give a complete answer");
                }
                return new Parsed<>(parser.parse(reply.content()), null, attempt);
            } catch (UnusableReplyException e) {
                reason = e.getMessage();
                last = reply.content();
                unusable(role, current, reply, reason, attempt);
                current = current.followedBy(List.of(new LlmMessage("assistant", reply.content()),
                        new LlmMessage("user", String.format(CORRECTION, reason))));
            }
        }
        return new Parsed<>(null, reason, maxAttempts, last);
    }
}
