package io.clirbench.core.qa.select;

import java.util.Optional;
import java.util.function.Function;

/** One form of the QA system id grammar (one per kind), as {@link io.clirbench.core.search.RetrieverSyntax} is for retrievers. */
public interface QaSystemSyntax {

    /** The form as error messages show it, e.g. {@code select:MODEL}. */
    String form();

    /** The id {@code text} (stripped, not blank) spells in this form; empty when the text is not of this form. */
    Optional<QaSystemId> parse(String text);

    /** The syntax of {@code form} read by {@code parser}: how every shipped kind declares its form. */
    static QaSystemSyntax of(String form, Function<String, Optional<QaSystemId>> parser) {
        return new QaSystemSyntax() {
            @Override
            public String form() {
                return form;
            }

            @Override
            public Optional<QaSystemId> parse(String text) {
                return parser.apply(text);
            }
        };
    }

    /**
     * The syntax {@code PREFIX:NAME} (NAME: a letter or digit, then letters, digits, '.', '_', '-', at most 200 in all),
     * shown as {@code form}, whose NAME {@code factory} turns into an id.
     */
    static QaSystemSyntax prefixed(String prefix, String form, Function<String, QaSystemId> factory) {
        return of(form, text -> text.startsWith(prefix + ":") && QaNames.valid(text.substring(prefix.length() + 1))
                ? Optional.of(factory.apply(text.substring(prefix.length() + 1))) : Optional.empty());
    }
}
