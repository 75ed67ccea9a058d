package io.clirbench.encoders;

/** Whether a text is a query or a document: asymmetric models prefix them differently. */
public enum Role { QUERY, DOCUMENT }
