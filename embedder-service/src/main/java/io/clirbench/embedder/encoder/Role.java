package io.clirbench.embedder.encoder;

/** Whether a text is a query or a document: asymmetric models prefix them differently. */
public enum Role { QUERY, DOCUMENT }
