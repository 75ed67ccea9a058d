package io.clirbench.gateway.client;

/** What a text is to the encoder (its query or document prefix); the name keys the embedding cache. */
public enum EmbedRole {
    QUERY, DOCUMENT
}
