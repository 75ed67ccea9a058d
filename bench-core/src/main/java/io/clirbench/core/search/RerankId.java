package io.clirbench.core.search;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Re-ranking {@code rerank(A, MODEL, K)}: the top K of retriever A re-scored by encoder MODEL through
 * its embedder pods (METRICS.md §6); the rest of A's list keeps its order after them.
 *
 * @param first the first stage A
 * @param model the re-scoring encoder's model id
 * @param k     the pool K
 */
public record RerankId(RetrieverId first, String model, int k) implements RetrieverId {

    /** The kind name. */
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

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public String toString() {
        return id();
    }

    static RetrieverSyntax syntax() {
        return new RetrieverSyntax() {
            @Override
            public String form() {
                return "rerank(A, MODEL, K)";
            }

            @Override
            public Optional<RetrieverId> parse(String text, RetrieverGrammar grammar) {
                Optional<List<String>> found = ComposedArgs.of(text, KIND, grammar);
                if (found.isEmpty()) {
                    return Optional.empty();
                }
                List<String> args = found.get();
                if (args.size() != 3) {
                    throw new RetrieverIdException(text, "rerank takes 3 arguments (A, MODEL, K), got " + args.size(), grammar.forms());
                }
                if (args.get(1).chars().anyMatch(c -> c == '(' || c == ')' || Character.isWhitespace(c))) {
                    throw new RetrieverIdException(text, "'" + args.get(1) + "' is not a model id", grammar.forms());
                }
                int k = ComposedArgs.positive(text, args.get(2), "the pool K", grammar);
                return Optional.of(new RerankId(grammar.parse(args.get(0)), args.get(1), k));
            }
        };
    }
}
