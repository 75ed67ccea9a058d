package io.clirbench.core.search;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Re-ranking {@code rerank(A, MODEL, K)}: the top K of retriever A re-scored by encoder MODEL through
 * its embedder pods (METRICS.md §6); the rest of A's list keeps its order after them.
 *
 * @param first the first stage A
 * @param model the re-scoring encoder's model id
 * @param k     the pool K
 */
public record RerankId(RetrieverId first, String model, int k) implements ShippedId {

    /** The kind name: a first stage's top K re-scored. */
    public static final String KIND = "rerank";

    public RerankId {
        Objects.requireNonNull(first, "first");
        Objects.requireNonNull(model, "model");
        if (model.isEmpty() || k < 1) {
            throw new IllegalArgumentException("rerank needs a model id and K >= 1");
        }
    }

    @Override
    public String id() {
        return KIND + "(" + first.id() + "," + model + "," + k + ")";
    }

    /** The canonical text, as {@link #id()}. */
    @Override
    public String toString() {
        return id();
    }

    /** The first stage. */
    @Override
    public List<RetrieverId> inputs() {
        return List.of(first);
    }

    /** The first stage's encoders, then the re-scoring one (which embeds only the pooled documents). */
    @Override
    public Set<String> models() {
        Set<String> models = new LinkedHashSet<>(first.models());
        models.add(model);
        return models;
    }

    static RetrieverSyntax syntax() {
        return RetrieverSyntax.of("rerank(A, MODEL, K)", (text, grammar) -> ComposedArgs.of(text, KIND, grammar).map(args -> {
            if (args.size() != 3) {
                throw new RetrieverIdException(text, "rerank takes 3 arguments (A, MODEL, K), got " + args.size(), grammar.forms());
            }
            if (args.get(1).chars().anyMatch(c -> c == '(' || c == ')' || Character.isWhitespace(c))) {
                throw new RetrieverIdException(text, "'" + args.get(1) + "' is not a model id", grammar.forms());
            }
            int k = ComposedArgs.positive(text, args.get(2), "the pool K", grammar);
            return new RerankId(grammar.parse(args.get(0)), args.get(1), k);
        }));
    }
}
