package io.clirbench.gateway.agent;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import io.clirbench.gateway.retriever.RetrievalTask;
import io.clirbench.gateway.retriever.RetrieverPhase;
import io.clirbench.gateway.retriever.RetrieverRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;

/**
 * One search call through the Retriever port: the session's configured corpus with the one query, so every
 * retriever kind serves agents unchanged. The first call of a (task, configuration, retriever) fills the
 * collection; later calls, of this session or another over the same corpus, find it filled and only search.
 */
@ApplicationScoped
public class SessionSearch {

    private final RetrieverRegistry registry;

    SessionSearch(RetrieverRegistry registry) {
        this.registry = registry;
    }

    /** The top {@code k} of {@code text} (analysed in {@code lang}) over the session's corpus. */
    public RankedList search(AgentSession session, String queryId, String text, String lang) throws InterruptedException {
        Dataset corpus = session.corpus();
        Dataset one = new Dataset(corpus.info(), corpus.corpus(), List.of(new Query(queryId, text, lang, null, Map.of())),
                Qrels.of(Map.of()));
        Capture capture = new Capture(one, session.spec().k());
        registry.of(session.retriever()).retrieve(session.retriever(), capture);
        if (capture.list == null) {
            throw new IllegalStateException("retriever '" + session.retriever() + "' returned no list for query " + queryId);
        }
        return capture.list;
    }

    /** A run of one query: keeps the published list, ignores progress. */
    private static final class Capture implements RetrievalTask {
        private final Dataset dataset;
        private final int depth;
        private RankedList list;

        Capture(Dataset dataset, int depth) {
            this.dataset = dataset;
            this.depth = depth;
        }

        @Override
        public Dataset dataset() {
            return dataset;
        }

        @Override
        public int depth() {
            return depth;
        }

        @Override
        public void phase(RetrieverPhase phase) {
        }

        @Override
        public void documentsEmbedded(int n) {
        }

        @Override
        public void documentsIndexed(int n) {
        }

        @Override
        public void queriesEmbedded(int n) {
        }

        @Override
        public void queriesSearched(int n) {
        }

        @Override
        public void timed(Timed phase, long startNanos) {
        }

        @Override
        public void publish(RankedList list, long latencyMicros) {
            this.list = list;
        }

        @Override
        public void checkCancelled() {
        }
    }
}
