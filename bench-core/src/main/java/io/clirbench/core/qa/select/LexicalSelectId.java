package io.clirbench.core.qa.select;

import java.util.Optional;

/** {@code select:lexical}: bench-core's lexical baseline ({@link LexicalSelector}), no model. */
public record LexicalSelectId() implements QaSystemId {

    /** The kind name. */
    public static final String KIND = "select-lexical";

    static final LexicalSelectId INSTANCE = new LexicalSelectId();

    @Override
    public String id() {
        return "select:lexical";
    }

    @Override
    public String kind() {
        return KIND;
    }

    /** The syntax {@code select:lexical}. */
    static QaSystemSyntax syntax() {
        return QaSystemSyntax.of("select:lexical", text -> text.equals(INSTANCE.id()) ? Optional.of(INSTANCE) : Optional.empty());
    }

    @Override
    public String toString() {
        return id();
    }
}
