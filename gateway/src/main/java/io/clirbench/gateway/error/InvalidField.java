package io.clirbench.gateway.error;

/** One invalid field of a request: its name, the value given and what is wrong. */
public record InvalidField(String field, String value, String message) {
}
