package io.clirbench.core.agentic;

import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTrace;
import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.agentic.model.ToolCall;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Small hand-made traces and qrels for the agentic tests. */
final class AgentFixtures {

    private AgentFixtures() {
    }

    static ToolCall search(String... docids) {
        return new ToolCall("search", "{\"query\": \"q\"}", List.of(docids), null);
    }

    static ToolCall getDocument(String docid) {
        return new ToolCall("get_document", "{\"docid\": \"" + docid + "\"}", List.of(), "text of " + docid);
    }

    /** A completed trace with the given calls; {@code retrieved} is what the file's retrieved_docids says. */
    static AgentTrace trace(String id, List<ToolCall> calls, List<String> retrieved, String answer) {
        return new AgentTrace(id, AgentTrace.COMPLETED, AgentTrace.countCalls(calls), retrieved, calls, answer, "run_" + id + ".json",
                Map.of(), Map.of());
    }

    static AgentRun run(AgentTrace... traces) {
        return new AgentRun("r", null, List.of(traces), List.of());
    }

    static GroundTruth question(String id, String answer) {
        return new GroundTruth(id, "question " + id, answer, "en");
    }

    /** Qrels from "q:doc:grade" strings, in order (duplicates kept). */
    static EvidenceQrels qrels(String... lines) {
        Map<String, List<EvidenceQrels.Line>> out = new LinkedHashMap<>();
        for (String l : lines) {
            String[] p = l.split(":");
            out.computeIfAbsent(p[0], k -> new ArrayList<>()).add(new EvidenceQrels.Line(p[1], Integer.parseInt(p[2])));
        }
        return EvidenceQrels.of(out);
    }
}
