package io.clirbench.gateway.retriever;

import io.clirbench.core.search.RetrieverGrammar;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.search.RetrieverIdException;
import io.clirbench.core.search.RetrieverSyntax;
import io.quarkus.arc.All;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Every {@link Retriever} bean, keyed by the {@link RetrieverId#kind()} it runs, and the grammar ids are
 * parsed with: bench-core's built-in one plus any {@link RetrieverSyntax} bean (a kind defined outside
 * bench-core). Two retrievers of one kind stop the start.
 */
@ApplicationScoped
public class RetrieverRegistry {

    private final Map<String, Retriever> byKind = new TreeMap<>();
    private final RetrieverGrammar grammar;

    RetrieverRegistry(@All List<Retriever> retrievers, @All List<RetrieverSyntax> syntaxes) {
        for (Retriever r : retrievers) {
            Retriever before = byKind.putIfAbsent(r.kind(), r);
            if (before != null) {
                throw new IllegalStateException("two retrievers of kind '" + r.kind() + "': "
                        + before.getClass().getName() + " and " + r.getClass().getName());
            }
        }
        RetrieverGrammar g = RetrieverGrammar.builtIn();
        for (RetrieverSyntax s : syntaxes) {
            g = g.with(s);
        }
        this.grammar = g;
    }

    /** Parses a retriever id; throws {@link RetrieverIdException} naming the value and the accepted forms. */
    public RetrieverId parse(String text) {
        return grammar.parse(text);
    }

    /** The retriever of {@code id}'s kind, empty when this gateway has none. */
    public Optional<Retriever> find(RetrieverId id) {
        return Optional.ofNullable(byKind.get(id.kind()));
    }

    /** The retriever of {@code id}'s kind; an id that passed validation always has one. */
    public Retriever of(RetrieverId id) {
        return find(id).orElseThrow(() -> new IllegalStateException("no retriever of kind '" + id.kind()
                + "' for '" + id + "' (kinds: " + byKind.keySet() + ")"));
    }

    /** The kinds this gateway runs, sorted. */
    public List<String> kinds() {
        return List.copyOf(byKind.keySet());
    }
}
