package io.clirbench.core.search;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import io.clirbench.core.testing.IdParsingRule;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** In bench-core, only the grammars parse id strings, and the report's recovery table (run names of {@code bench eval}'s files). */
class IdParsingArchitectureTest {

    /** The grammar classes and the one reader of report run names. */
    static final Set<String> ALLOWED = Set.of(
            "io.clirbench.core.search.", // the retriever grammar: its syntaxes parse the inner ids of composed kinds
            "io.clirbench.core.qa.select.QaSystemId", "io.clirbench.core.qa.select.QaSystemGrammar",
            // a report's run names are file names for bench eval and gateway-accepted ids for the eval-service: read with
            // parseAnyKind to find a re-ranked run's first stage
            "io.clirbench.core.report.RecoveryTable");

    @Test
    void onlyTheGrammarsParseIds() {
        IdParsingRule.onlyIn(ALLOWED, Set.of()).check(IdParsingRule.mainClasses("io.clirbench.core"));
    }

    @Test
    void theRuleFailsOnACallerOutsideTheList() {
        JavaClasses classes = IdParsingRule.mainClasses("io.clirbench.core.report");
        assertThatThrownBy(() -> IdParsingRule.onlyIn(Set.of(), Set.of()).check(classes)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("RecoveryTable");
    }
}
