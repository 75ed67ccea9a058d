package io.clirbench.eval;

import io.clirbench.core.testing.IdParsingRule;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The eval-service parses no retriever or QA-system id: it reads the ids the gateway sent as they are (issue 46). */
class IdParsingArchitectureTest {

    @Test
    void noIdIsParsedHere() {
        IdParsingRule.onlyIn(Set.of(), Set.of()).check(IdParsingRule.mainClasses("io.clirbench.eval"));
    }
}
