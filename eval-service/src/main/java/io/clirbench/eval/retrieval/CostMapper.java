package io.clirbench.eval.retrieval;

import io.clirbench.core.efficiency.RetrieverCost;
import io.clirbench.proto.events.v1.RunCompleted;
import java.util.LinkedHashMap;
import java.util.Map;

/** The costs RunCompleted carries per retriever (events.v1 RetrieverCost), as bench-core {@link RetrieverCost}s. */
public final class CostMapper {

    private CostMapper() {
    }

    /** Retriever id → what the gateway measured; empty for a run whose RunCompleted carries none (or is not in). */
    public static Map<String, RetrieverCost> costs(RunCompleted completed) {
        Map<String, RetrieverCost> out = new LinkedHashMap<>();
        if (completed != null) {
            completed.getCostsMap().forEach((id, c) -> out.put(id, cost(c)));
        }
        return out;
    }

    static RetrieverCost cost(io.clirbench.proto.events.v1.RetrieverCost c) {
        return new RetrieverCost(c.hasIndexBuildMicros() ? c.getIndexBuildMicros() : null,
                c.hasIndexDiskBytes() ? c.getIndexDiskBytes() : null,
                c.hasIndexMemoryBytes() ? c.getIndexMemoryBytes() : null,
                c.hasTextsEmbedded() ? c.getTextsEmbedded() : null,
                c.hasEmbedMicros() ? c.getEmbedMicros() : null,
                c.hasQueriesSearched() ? c.getQueriesSearched() : null,
                c.hasSearchMicros() ? c.getSearchMicros() : null,
                c.hasQueriesPerCall() ? c.getQueriesPerCall() : null);
    }
}
