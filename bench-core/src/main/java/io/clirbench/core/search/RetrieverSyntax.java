package io.clirbench.core.search;

import java.util.Optional;

/** One form of the retriever id grammar (one per kind). */
public interface RetrieverSyntax {

    /** The form as error messages show it, e.g. {@code MODEL/INDEX (INDEX: exact, hnsw, qdrant)}. */
    String form();

    /**
     * The id {@code text} spells in this form; empty when the text is not of this form. Throws
     * {@link RetrieverIdException} when it is of this form but a part is wrong (an unknown index kind).
     * {@code grammar} parses inner ids of composed kinds and names the forms in errors.
     */
    Optional<RetrieverId> parse(String text, RetrieverGrammar grammar);

    /** What reads one form: {@link RetrieverSyntax#parse}'s contract. */
    @FunctionalInterface
    interface Parser {
        Optional<RetrieverId> parse(String text, RetrieverGrammar grammar);
    }

    /** The syntax of {@code form} read by {@code parser}: how every shipped kind declares its form. */
    static RetrieverSyntax of(String form, Parser parser) {
        return new RetrieverSyntax() {
            @Override
            public String form() {
                return form;
            }

            @Override
            public Optional<RetrieverId> parse(String text, RetrieverGrammar grammar) {
                return parser.parse(text, grammar);
            }
        };
    }
}
