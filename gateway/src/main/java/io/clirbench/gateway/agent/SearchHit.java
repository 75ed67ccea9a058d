package io.clirbench.gateway.agent;

/** One result of the search tool, with BrowseComp-Plus's field names. */
public record SearchHit(String docid, double score, String snippet) {
}
