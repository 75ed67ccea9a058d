package io.clirbench.cli;

import io.clirbench.core.testing.IdParsingRule;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The CLI parses retriever and QA-system ids only where user text enters (an option, a repro spec); what the gateway
 * answers it reads as given (canonical ids, their typedId) (issue 46).
 */
class IdParsingArchitectureTest {

    @Test
    void idsAreParsedOnlyWhereUserTextEnters() {
        IdParsingRule.onlyIn(Set.of(
                        "io.clirbench.cli.qa.QaRunCommand",        // --system, checked before the gateway is asked
                        "io.clirbench.cli.retrieval.ReproCommand", // the retriever ids of a repro spec: the encoders to start
                        "io.clirbench.cli.demo.DemoCommand"),      // --retriever: whether lexicons must be fetched first
                Set.of()).check(IdParsingRule.mainClasses("io.clirbench.cli"));
    }
}
