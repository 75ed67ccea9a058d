package io.clirbench.cli.gateway.api;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import io.clirbench.core.search.TypedId;
import java.util.List;

/**
 * A run as {@code GET /api/runs/{id}} and {@code GET /api/qa-runs/{id}} answer it (the gateway's {@code RunSnapshot}),
 * the fields the CLI reads. Checked against the gateway's {@code /q/openapi} (gateway {@code GatewayClientContractTest}
 * over the contract that {@code cli}'s {@code GatewayClientContractTest} derives from these records).
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RunView(String id, String state, String message, List<RetrieverView> retrievers, List<String> warnings) {

    public RunView {
        retrievers = retrievers == null ? List.of() : List.copyOf(retrievers);
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
    }

    /** One retriever (or QA system) of the run: its canonical id, its phase, and the id as the gateway parsed it. */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record RetrieverView(String id, String state, TypedId typedId) {
    }
}
