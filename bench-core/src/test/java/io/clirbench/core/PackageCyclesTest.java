package io.clirbench.core;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceRule;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * bench-core's packages depend on each other without cycles (ArchUnit slices over the main classes): every package on its
 * own, and every top-level package with its sub-packages as one, except the known exceptions named in {@link #KNOWN}
 * (issue 46 item 5 broke {@code metrics.language <-> stats} and {@code report <-> report.export}).
 */
class PackageCyclesTest {

    private static final String CORE = "io.clirbench.core";

    /**
     * Dependencies that still close a cycle, named so that a new one fails the test; both rules ignore them. Each entry
     * is {origin package, target package}, ArchUnit package patterns.
     */
    private static final List<List<String>> KNOWN = List.of(
            // agentic.configure -> agentic.eval -> agentic.configure (also through agentic.format and agentic.judge):
            // OracleSettings asks AgentBenchmark for the evidence languages, while the scoring reads OracleVariant and
            // ConfiguredCorpus. Gone when the evidence-language lookup lives below both.
            List.of(CORE + ".agentic.configure", CORE + ".agentic.eval"));


    private static final JavaClasses MAIN = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages(CORE);

    @Test
    void everyPackageIsFreeOfCyclesBesideTheKnownExceptions() {
        withoutKnown(slices().matching(CORE + ".(**)").should().beFreeOfCycles()).check(MAIN);
    }

    @Test
    void topLevelPackagesWithTheirSubPackagesAreFreeOfCyclesBesideTheKnownExceptions() {
        withoutKnown(slices().matching(CORE + ".(*)..").should().beFreeOfCycles()).check(MAIN);
    }

    private static SliceRule withoutKnown(SliceRule rule) {
        for (List<String> known : KNOWN) {
            rule = rule.ignoreDependency(resideInAPackage(known.get(0)), resideInAPackage(known.get(1)));
        }
        return rule;
    }

    /** A known exception that no longer exists is taken off the list, so the list stays the truth. */
    @Test
    void everyKnownExceptionStillExists() {
        for (List<String> known : KNOWN) {
            List<Dependency> found = MAIN.stream()
                    .filter(resideInAPackage(known.get(0)))
                    .flatMap(c -> c.getDirectDependenciesFromSelf().stream())
                    .filter(d -> resideInAPackage(known.get(1)).test(d.getTargetClass()))
                    .toList();
            assertThat(found).as("known exception %s -> %s is gone: remove it from KNOWN", known.get(0), known.get(1))
                    .isNotEmpty();
        }
    }
}
