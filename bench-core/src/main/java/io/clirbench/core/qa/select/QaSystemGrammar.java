package io.clirbench.core.qa.select;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An immutable list of {@link QaSystemSyntax}es, tried in order; the first that recognises a text parses it.
 * {@link #builtIn()} holds the kinds the platform ships; a service adds its own with {@link #with}.
 */
public final class QaSystemGrammar {

    /** The shipped forms in the order they are tried ({@code select:lexical} before {@code select:MODEL}). */
    private static final QaSystemGrammar BUILT_IN = new QaSystemGrammar(List.of(LexicalSelectId.syntax(), EncoderSelectId.syntax(),
            PredictionsId.syntax()));

    private final List<QaSystemSyntax> syntaxes;

    private QaSystemGrammar(List<QaSystemSyntax> syntaxes) {
        this.syntaxes = List.copyOf(syntaxes);
    }

    /** {@code select:lexical}, {@code select:MODEL}, {@code predictions:NAME}. */
    public static QaSystemGrammar builtIn() {
        return BUILT_IN;
    }

    /** This grammar plus {@code syntax}, tried before the others (a new kind may refine an old form). */
    public QaSystemGrammar with(QaSystemSyntax syntax) {
        List<QaSystemSyntax> all = new ArrayList<>();
        all.add(syntax);
        all.addAll(syntaxes);
        return new QaSystemGrammar(all);
    }

    /** Parses {@code text} (white space around it ignored); throws {@link QaSystemIdException} naming the value and the forms. */
    public QaSystemId parse(String text) {
        String stripped = text == null ? "" : text.strip();
        if (!stripped.isEmpty()) {
            for (QaSystemSyntax syntax : syntaxes) {
                Optional<QaSystemId> id = syntax.parse(stripped);
                if (id.isPresent()) {
                    return id.get();
                }
            }
        }
        throw new QaSystemIdException(text, forms());
    }

    /** The accepted forms as a sentence: {@code select:lexical, select:MODEL or predictions:NAME}. */
    public String forms() {
        List<String> forms = syntaxes.stream().map(QaSystemSyntax::form).toList();
        return forms.size() == 1 ? forms.getFirst()
                : String.join(", ", forms.subList(0, forms.size() - 1)) + " or " + forms.getLast();
    }
}
