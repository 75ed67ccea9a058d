package io.clirbench.gateway.retriever;

import io.clirbench.core.run.RandomRun;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.search.RetrieverGrammar;
import io.clirbench.core.search.RetrieverSyntax;
import io.clirbench.core.testing.RandomRetrieverKind;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/**
 * A retriever kind that exists only in the tests, plugged in the way a new kind is: an id record (bench-core's test
 * kind {@link RandomRetrieverKind}, which the CLI's tests use too), a {@link RetrieverSyntax} bean and a
 * {@link Retriever} bean, nothing else. {@code random(SEED)} ranks the
 * real corpus for every query with bench-core's seeded random baseline ({@link RandomRun}).
 */
@ApplicationScoped
public class SeededRandomRetriever implements Retriever {

    public static final String KIND = RandomRetrieverKind.KIND;

    /** The syntax bean the registry adds to bench-core's grammar: bench-core's test kind {@code random(SEED)}. */
    @ApplicationScoped
    public static class Syntax implements RetrieverSyntax {
        @Override
        public String form() {
            return RandomRetrieverKind.SYNTAX.form();
        }

        @Override
        public Optional<RetrieverId> parse(String text, RetrieverGrammar grammar) {
            return RandomRetrieverKind.SYNTAX.parse(text, grammar);
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
        RandomRun.generate(task.dataset(), task.depth(), ((RandomRetrieverKind.RandomId) id).seed(), list -> {
            task.queriesSearched(1);
            task.publish(list, 0);
        });
    }
}
