package io.clirbench.gateway.client;

import java.util.List;

/** An embedder's own description of the model it serves (embed.v1 {@code Info}). */
public record EncoderInfo(String modelId, int dimension, int maxTokens, String pooling, boolean normalized,
                          List<String> languages, String device, String runtime, String description) {
}
