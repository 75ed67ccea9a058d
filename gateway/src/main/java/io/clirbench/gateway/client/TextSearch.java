package io.clirbench.gateway.client;

/** One query of a text batch: its id (which names its result list), its text and the language that analyses it. */
public record TextSearch(String queryId, String text, String lang) {
}
