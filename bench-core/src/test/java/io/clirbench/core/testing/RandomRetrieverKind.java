package io.clirbench.core.testing;

import io.clirbench.core.search.RetrieverGrammar;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.search.RetrieverIdException;
import io.clirbench.core.search.RetrieverSyntax;
import java.util.Optional;

/**
 * A retriever kind that exists only in tests, defined the way a service defines a kind of its own: an id record and a
 * {@link RetrieverSyntax}. {@code random(SEED)} names bench-core's seeded random baseline; the gateway's
 * RetrieverPlugInTest runs the same kind, which the CLI's tests use through a gateway stand-in.
 */
public final class RandomRetrieverKind {

    /** The kind name. */
    public static final String KIND = "seeded-random";

    /** The syntax {@code random(SEED)}; a seed that is not an integer is an error naming the value. */
    public static final RetrieverSyntax SYNTAX = RetrieverSyntax.of("random(SEED)", RandomRetrieverKind::parse);

    private RandomRetrieverKind() {
    }

    /** {@code random(SEED)}. */
    public record RandomId(long seed) implements RetrieverId {
        @Override
        public String id() {
            return "random(" + seed + ")";
        }

        @Override
        public String kind() {
            return KIND;
        }

        @Override
        public String toString() {
            return id();
        }
    }

    /** The built-in grammar with this kind tried first, as the gateway's registry adds a syntax bean. */
    public static RetrieverGrammar grammar() {
        return RetrieverGrammar.builtIn().with(SYNTAX);
    }

    private static Optional<RetrieverId> parse(String text, RetrieverGrammar grammar) {
        if (!text.startsWith("random(") || !text.endsWith(")")) {
            return Optional.empty();
        }
        String seed = text.substring("random(".length(), text.length() - 1);
        try {
            return Optional.of(new RandomId(Long.parseLong(seed)));
        } catch (NumberFormatException e) {
            throw new RetrieverIdException(text, "seed '" + seed + "' is not an integer", grammar.forms());
        }
    }
}
