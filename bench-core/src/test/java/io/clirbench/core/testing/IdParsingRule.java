package io.clirbench.core.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import io.clirbench.core.qa.select.QaSystemGrammar;
import io.clirbench.core.qa.select.QaSystemId;
import io.clirbench.core.search.RetrieverGrammar;
import io.clirbench.core.search.RetrieverId;
import java.util.Set;

/**
 * Issue 46: a retriever or QA-system id string is parsed only by bench-core's grammars and where user text enters (a REST
 * validator, a CLI option or spec file); everywhere else reads the parsed id or its {@code TypedId}. Each module's test
 * checks its main classes against the list of the classes it allows.
 */
public final class IdParsingRule {

    private IdParsingRule() {
    }

    /** The main (not test) classes under {@code rootPackage}. */
    public static JavaClasses mainClasses(String rootPackage) {
        return new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS).importPackages(rootPackage);
    }

    /**
     * No class outside {@code allowed} (fully qualified names, nested and anonymous classes of one counting as it, or
     * packages written with a trailing {@code .}) calls a
     * parse method of the grammars, nor one of {@code moreParsers} ({@code "fully.qualified.Class#method"}: a service's
     * own grammar, such as the gateway's registries).
     */
    public static ArchRule onlyIn(Set<String> allowed, Set<String> moreParsers) {
        DescribedPredicate<JavaClass> outside = DescribedPredicate.describe("outside " + allowed,
                c -> !allowed(allowed, topLevel(c).getName()));
        var rule = noClasses().that(outside)
                .should().callMethod(RetrieverId.class, "parse", String.class)
                .orShould().callMethod(RetrieverId.class, "parseAnyKind", String.class)
                .orShould().callMethod(RetrieverGrammar.class, "parse", String.class)
                .orShould().callMethod(QaSystemId.class, "parse", String.class)
                .orShould().callMethod(QaSystemGrammar.class, "parse", String.class);
        for (String p : moreParsers) {
            String[] parts = p.split("#");
            rule = rule.orShould().callMethod(parts[0], parts[1], String.class.getName());
        }
        return rule.because("ids are parsed by bench-core's grammars and where user text enters; elsewhere the parsed id "
                + "(or its TypedId) is read (issue 46)");
    }

    private static boolean allowed(Set<String> allowed, String name) {
        return allowed.contains(name) || allowed.stream().anyMatch(a -> a.endsWith(".") && name.startsWith(a)
                && name.indexOf('.', a.length()) < 0);
    }

    private static JavaClass topLevel(JavaClass c) {
        JavaClass top = c;
        while (top.getEnclosingClass().isPresent()) {
            top = top.getEnclosingClass().get();
        }
        return top;
    }
}
