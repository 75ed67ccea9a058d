package io.clirbench.core.llm;

import java.util.List;

/**
 * A rendered prompt: the messages sent, and the template they came from (id, version and the SHA-256 of the
 * template file's bytes), which every record built from the reply carries as provenance.
 */
public record Prompt(String templateId, String version, String sha256, List<LlmMessage> messages) {

    public Prompt {
        messages = List.copyOf(messages);
        if (messages.isEmpty()) {
            throw new IllegalArgumentException("prompt " + templateId + ": no messages");
        }
    }

    /** The same prompt with more messages after these (a correction after an unusable reply). */
    public Prompt followedBy(List<LlmMessage> more) {
        List<LlmMessage> all = new java.util.ArrayList<>(messages);
        all.addAll(more);
        return new Prompt(templateId, version, sha256, all);
    }
}
