package io.clirbench.gateway.agent;

/** The result of the get_document tool, with BrowseComp-Plus's field names. */
public record DocumentText(String docid, String text) {
}
