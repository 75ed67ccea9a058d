package io.clirbench.gateway.client;

import java.util.Locale;

/**
 * Which output of an encoder a job asks for (embed.v1 {@code Output}): dense vectors, sparse token-id weights, or token
 * vectors. The gateway carries every output as one {@code float[]} per text: a vector, a sparse row
 * ({@link io.clirbench.gateway.retriever.SparseRows}), or token vectors row-major.
 */
public enum EmbedOutput {
    DENSE, SPARSE, MULTIVECTOR;

    /** The name in embed.v1 {@code Info.outputs}: {@code dense}, {@code sparse}, {@code multivector}. */
    public String infoName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
