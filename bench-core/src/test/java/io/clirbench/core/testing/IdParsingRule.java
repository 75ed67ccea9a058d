package io.clirbench.core.testing;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAccess;
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
        Set<String> parsers = new java.util.HashSet<>(Set.of(RetrieverId.class.getName() + "#parse",
                RetrieverId.class.getName() + "#parseAnyKind", RetrieverGrammar.class.getName() + "#parse",
                QaSystemId.class.getName() + "#parse", QaSystemGrammar.class.getName() + "#parse"));
        parsers.addAll(moreParsers);
        // an access: a call or a method reference ({@code registry::parse}) alike
        DescribedPredicate<JavaAccess<?>> aParser = DescribedPredicate.describe("a parser of ids " + new java.util.TreeSet<>(parsers),
                a -> parsers.contains(a.getTarget().getOwner().getName() + "#" + a.getTarget().getName()));
        var rule = noClasses().that(outside).should().accessTargetWhere(aParser);
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
