package io.clirbench.gateway.agent;

import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import io.clirbench.gateway.retriever.CollectingTask;
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

    private static final Qrels NO_QRELS = Qrels.of(Map.of());

    private final RetrieverRegistry registry;

    SessionSearch(RetrieverRegistry registry) {
        this.registry = registry;
    }

    /**
     * The top {@code k} of {@code text} (analysed in {@code lang}) over the session's corpus. Once a search of the
     * session succeeded, the collection is known to hold the corpus and later searches skip the retriever's check;
     * should such a search fail (the collection dropped behind our back), it is retried once with the check.
     */
    public RankedList search(AgentSession session, String queryId, String text, String lang) throws InterruptedException {
        if (session.corpusIndexed()) {
            try {
                return search(session, queryId, text, lang, true);
            } catch (RuntimeException e) {
                session.corpusIndexed(false);
            }
        }
        RankedList list = search(session, queryId, text, lang, false);
        session.corpusIndexed(true);
        return list;
    }

    private RankedList search(AgentSession session, String queryId, String text, String lang, boolean corpusIndexed)
            throws InterruptedException {
        CollectingTask task = CollectingTask.of(session.corpus().withQueries(
                List.of(new Query(queryId, text, lang, null, Map.of())), NO_QRELS), session.spec().k(), corpusIndexed);
        registry.of(session.retriever()).retrieve(session.retriever(), task);
        RankedList list = task.lists().get(queryId);
        if (list == null) {
            throw new IllegalStateException("retriever '" + session.retriever() + "' returned no list for query " + queryId);
        }
        return list;
    }
}
