package io.clirbench.gateway.retriever;

import io.clirbench.core.run.RandomRun;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.search.RetrieverIdException;
import io.clirbench.core.search.RetrieverGrammar;
import io.clirbench.core.search.RetrieverSyntax;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/**
 * A retriever kind that exists only in the tests, plugged in the way a new kind is: an id record, a
 * {@link RetrieverSyntax} bean and a {@link Retriever} bean, nothing else. {@code random(SEED)} ranks the
 * real corpus for every query with bench-core's seeded random baseline ({@link RandomRun}).
 */
@ApplicationScoped
public class SeededRandomRetriever implements Retriever {

    public static final String KIND = "seeded-random";

    /** {@code random(SEED)}. */
    public record SeededRandomId(long seed) implements RetrieverId {
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

    /** The syntax bean the registry adds to bench-core's grammar. */
    @ApplicationScoped
    public static class Syntax implements RetrieverSyntax {
        @Override
        public String form() {
            return "random(SEED)";
        }

        @Override
        public Optional<RetrieverId> parse(String text, RetrieverGrammar grammar) {
            if (!text.startsWith("random(") || !text.endsWith(")")) {
                return Optional.empty();
            }
            String seed = text.substring("random(".length(), text.length() - 1);
            try {
                return Optional.of(new SeededRandomId(Long.parseLong(seed)));
            } catch (NumberFormatException e) {
                throw new RetrieverIdException(text, "seed '" + seed + "' is not an integer", grammar.forms());
            }
        }
    }

    @Override
    public String kind() {
        return KIND;
    }

    @Override
    public void retrieve(RetrieverId id, RetrievalTask task) throws InterruptedException {
        task.phase(RetrieverPhase.SEARCHING);
        task.checkCancelled();
        RandomRun.generate(task.dataset(), task.depth(), ((SeededRandomId) id).seed(), list -> {
            task.queriesSearched(1);
            task.publish(list, 0);
        });
    }
}
