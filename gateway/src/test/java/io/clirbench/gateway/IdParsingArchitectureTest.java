package io.clirbench.gateway;

import io.clirbench.core.testing.IdParsingRule;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * In the gateway, retriever and QA-system ids are parsed where user text enters (the run validators, an agent run's
 * request) and read back by a run resumed from the store; everything else reads the parsed id (issue 46).
 */
class IdParsingArchitectureTest {

    @Test
    void idsAreParsedOnlyWhereTheyEnter() {
        IdParsingRule.onlyIn(Set.of(
                        "io.clirbench.gateway.retriever.RetrieverRegistry", // the grammar: built-in plus RetrieverSyntax beans
                        "io.clirbench.gateway.qa.system.QaSystemRegistry",  // the grammar: built-in plus QaSystemSyntax beans
                        "io.clirbench.gateway.run.RunValidator",            // POST /api/runs
                        "io.clirbench.gateway.qa.QaRunValidator",           // POST /api/qa-runs
                        "io.clirbench.gateway.agent.AgentSessions",         // POST /api/agent-runs, and a session rebuilt from the store
                        "io.clirbench.gateway.run.RunOrchestrator",         // a resumed run's stored canonical ids, read back once
                        "io.clirbench.gateway.qa.QaRunOrchestrator"),
                Set.of("io.clirbench.gateway.retriever.RetrieverRegistry#parse", "io.clirbench.gateway.qa.system.QaSystemRegistry#parse"))
                .check(IdParsingRule.mainClasses("io.clirbench.gateway"));
    }
}
