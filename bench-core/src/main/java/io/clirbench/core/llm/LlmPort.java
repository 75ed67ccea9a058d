package io.clirbench.core.llm;

import java.util.List;

/**
 * One model behind an OpenAI-compatible endpoint, as a building pipeline sees it. Implementations retry transport
 * failures themselves (429, 5xx, Retry-After) and throw {@link LlmUnavailableException} when they give up; what the
 * model said is the pipeline's to judge.
 */
public interface LlmPort {

    /** The model's name, as recorded in provenance and as the cache key's first part. */
    String model();

    /** One completion of {@code messages}. */
    LlmReply complete(List<LlmMessage> messages, Decoding decoding) throws InterruptedException;
}
