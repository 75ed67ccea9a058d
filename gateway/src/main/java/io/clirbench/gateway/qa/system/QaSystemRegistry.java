package io.clirbench.gateway.qa.system;

import io.clirbench.core.qa.select.QaSystemGrammar;
import io.clirbench.core.qa.select.QaSystemId;
import io.clirbench.core.qa.select.QaSystemSyntax;
import io.quarkus.arc.All;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Every {@link QaSystem} bean by the {@link QaSystemId#kind()} it runs, and the grammar ids are parsed with: bench-core's
 * built-in one plus any {@link QaSystemSyntax} bean (a kind defined outside bench-core: its id record, its syntax row and
 * its {@link QaSystem} bean). Two systems of one kind stop the start.
 */
@ApplicationScoped
public class QaSystemRegistry {

    private final Map<String, QaSystem> byKind = new TreeMap<>();

    private final QaSystemGrammar grammar;

    QaSystemRegistry(@All List<QaSystem> systems, @All List<QaSystemSyntax> syntaxes) {
        for (QaSystem s : systems) {
            QaSystem before = byKind.putIfAbsent(s.kind(), s);
            if (before != null) {
                throw new IllegalStateException("two QA systems of kind '" + s.kind() + "': " + before.getClass().getName()
                        + " and " + s.getClass().getName());
            }
        }
        QaSystemGrammar g = QaSystemGrammar.builtIn();
        for (QaSystemSyntax s : syntaxes) {
            g = g.with(s);
        }
        this.grammar = g;
    }

    /** Parses a QA system id; throws {@link io.clirbench.core.qa.select.QaSystemIdException} naming the value and the forms. */
    public QaSystemId parse(String text) {
        return grammar.parse(text);
    }

    /** The accepted forms: {@code select:lexical, select:MODEL or predictions:NAME}. */
    public String forms() {
        return grammar.forms();
    }

    public Optional<QaSystem> find(QaSystemId id) {
        return Optional.ofNullable(byKind.get(id.kind()));
    }

    public QaSystem of(QaSystemId id) {
        return find(id).orElseThrow(() -> new IllegalStateException("no QA system of kind '" + id.kind() + "' for '" + id + "'"));
    }
}
