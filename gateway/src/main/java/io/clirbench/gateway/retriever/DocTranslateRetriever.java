package io.clirbench.gateway.retriever;

import io.clirbench.core.lexicon.DocumentTranslator;
import io.clirbench.core.lexicon.LanguagePair;
import io.clirbench.core.lexicon.Lexicon;
import io.clirbench.core.lexicon.LexiconCache;
import io.clirbench.core.lexicon.QueryTranslator;
import io.clirbench.core.lexicon.Route;
import io.clirbench.core.lexicon.Routes;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.search.Bm25ChainId;
import io.clirbench.core.search.DocTranslateId;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.gateway.client.TextSearch;
import io.clirbench.proto.index.v1.LexicalChain;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.jboss.logging.Logger;

/**
 * {@code dt(BASE, PIVOT)}: every document translated into PIVOT once, when its index is built (bench-core
 * {@link DocumentTranslator}: the first translation of each word, unknown words kept), and indexed as PIVOT text; each
 * query searched in PIVOT: as written when it is in PIVOT, else translated into PIVOT term by term
 * ({@link QueryTranslator}, as {@code translate(bm25)} does). BASE {@code bm25} scores with PIVOT's analysis
 * (the stemmed chain), {@code bm25(CHAIN)} with its chain. The translated corpus is a BM25 collection of its own in the
 * index-service, {@code <dataset>__dt-PIVOT}, refilled when the corpus or a lexicon changes. A language without a dictionary to or from PIVOT keeps
 * its text: such a document stays in its language's field and such a query is analysed in its own language, as
 * {@code bm25} would; those routes are logged when the index is built and reported with the run.
 */
@ApplicationScoped
public class DocTranslateRetriever implements Retriever {

    private static final Logger LOG = Logger.getLogger(DocTranslateRetriever.class);

    private final Bm25Retriever bm25;
    private final IndexClient index;
    private final GatewayConfig config;

    DocTranslateRetriever(Bm25Retriever bm25, IndexClient index, GatewayConfig config) {
        this.bm25 = bm25;
        this.index = index;
        this.config = config;
    }

    @Override
    public String kind() {
        return DocTranslateId.KIND;
    }

    @Override
    public Optional<String> problem(RetrieverId id) {
        return TranslateRetriever.lexiconProblem(TranslateRetriever.lexiconDir(config));
    }

    /** The route of every language of the corpus into the pivot (query language → pivot), over the lexicons now in the cache. */
    @Override
    public List<Route> routes(RetrieverId id, Dataset dataset) {
        String pivot = ((DocTranslateId) id).pivot();
        Routes routes = new Routes(new LexiconCache(TranslateRetriever.lexiconDir(config)), null);
        return languages(dataset).stream().map(l -> routes.route(l, pivot)).toList();
    }

    private static List<String> languages(Dataset dataset) {
        TreeSet<String> langs = new TreeSet<>(dataset.corpus().stream().map(Document::lang).toList());
        dataset.queries().forEach(q -> langs.add(q.lang()));
        return new ArrayList<>(langs);
    }

    @Override
    public void retrieve(RetrieverId id, RetrievalTask task) throws InterruptedException {
        DocTranslateId dt = (DocTranslateId) id;
        String pivot = dt.pivot();
        LexiconCache cache = new LexiconCache(TranslateRetriever.lexiconDir(config));
        Routes routes = new Routes(cache, null);      // into the pivot: direct (or reversed) lexicons only
        List<Document> docs = task.dataset().corpus();
        String fingerprint = "dt;" + pivot + ";lexicons=" + stamp(cache) + ";" + CollectionFingerprint.bm25(docs);
        String collection = bm25.indexed(task, CollectionNames.of(task.dataset().info().id(), "dt-" + pivot), fingerprint,
                () -> translated(docs, routes, new DocumentTranslator(cache), pivot, task));
        LexicalChain chain = dt.base() instanceof Bm25ChainId c ? Bm25ChainRetriever.chain(c.analysis()) : LexicalChain.LEXICAL_CHAIN_STEM;
        QueryTranslator queries = new QueryTranslator(cache);
        task.phase(RetrieverPhase.SEARCHING);
        task.queriesEmbedded(task.dataset().queries().size());
        List<TextSearch> searches = new ArrayList<>(task.dataset().queries().size());
        for (Query q : task.dataset().queries()) {
            Route route = routes.route(q.lang(), pivot);
            boolean inPivot = route.kind() != Route.Kind.NONE;
            searches.add(new TextSearch(q.id(), queries.translate(q.text(), route), inPivot ? pivot : q.lang()));
        }
        BatchedTextSearch.searchAndPublish(task, index, collection, chain, searches);
    }

    /** The stored lexicons with their files' sizes and times: a fetch that changes one builds the index again. */
    private static String stamp(LexiconCache cache) {
        StringBuilder b = new StringBuilder();
        for (LanguagePair pair : cache.stored()) {
            Path file = cache.folder(pair).resolve(Lexicon.FILE);
            try {
                b.append(pair).append('@').append(Files.size(file)).append('/')
                        .append(Files.getLastModifiedTime(file).toMillis()).append(',');
            } catch (IOException e) {
                b.append(pair).append("@?,");      // gone since listed: the next run sees the new state
            }
        }
        return b.toString();
    }

    /** Each document in the pivot where a route reaches it (indexed as pivot text), else as written in its own language. */
    private static List<Document> translated(List<Document> docs, Routes routes, DocumentTranslator translator,
                                             String pivot, RetrievalTask task) {
        List<Document> out = new ArrayList<>(docs.size());
        TreeSet<String> uncovered = new TreeSet<>();
        int kept = 0;
        for (Document d : docs) {
            Route route = routes.route(d.lang(), pivot);
            if (route.kind() == Route.Kind.NONE) {
                uncovered.add(route.describe());
                kept++;
                out.add(d);
            } else {
                out.add(new Document(d.id(), null, translator.translate(d.indexedText(), route), pivot, d.family(), d.metadata()));
            }
        }
        LOG.infof("dt into %s over %s: %d of %d documents kept as written (no dictionary: %s)", pivot,
                task.dataset().info().id(), kept, docs.size(), uncovered);
        return out;
    }
}
