package io.clirbench.gateway.retriever;

import io.clirbench.core.fusion.Fusion;
import io.clirbench.core.fusion.FusionMethod;
import io.clirbench.core.fusion.StrictScores;
import io.clirbench.core.lexicon.LexiconCache;
import io.clirbench.core.lexicon.QueryTranslator;
import io.clirbench.core.lexicon.Route;
import io.clirbench.core.lexicon.Routes;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.search.TranslateId;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.gateway.config.GatewayConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import org.jboss.logging.Logger;

/**
 * {@code translate(bm25[, PIVOT])}: for every query and every document language of the corpus, the query is
 * translated term by term along its {@link Route} (bench-core {@link QueryTranslator}: top translations
 * weighted, untranslatable terms kept), searched with BM25 among that language's documents only (analysed
 * as that language), and the per-language lists are fused by RRF (k = 60, METRICS.md §6) and cut at the depth.
 * A route without a dictionary searches the untranslated query (what plain {@code bm25} does for that
 * language) and is logged once per run as not covered.
 */
@ApplicationScoped
public class TranslateRetriever implements Retriever {

    private static final Logger LOG = Logger.getLogger(TranslateRetriever.class);

    private final Bm25Retriever bm25;
    private final IndexClient index;
    private final GatewayConfig config;

    TranslateRetriever(Bm25Retriever bm25, IndexClient index, GatewayConfig config) {
        this.bm25 = bm25;
        this.index = index;
        this.config = config;
    }

    @Override
    public String kind() {
        return TranslateId.KIND;
    }

    /** The lexicon cache directory: {@code gateway.lexicon-dir}, else {@code <data-dir>/lexicons}. */
    Path lexiconDir() {
        return lexiconDir(config);
    }

    /** The lexicon cache directory of {@code config}: what every retriever that uses lexicons reads. */
    static Path lexiconDir(GatewayConfig config) {
        return config.lexiconDir().orElse(Path.of(config.dataDir(), "lexicons"));
    }

    @Override
    public Optional<String> problem(RetrieverId id) {
        return lexiconProblem(lexiconDir());
    }

    /** Why a run that needs lexicons is refused: it names the setting, never the server's directory (issue 45). */
    static final String NO_LEXICON = "no lexicon in the gateway's lexicon directory: run bench dict fetch --pairs ... --cache DIR"
            + " and set gateway.lexicon-dir=DIR (the directory looked in is in the gateway's log)";

    /** {@link #NO_LEXICON} when {@code dir} holds no lexicon; the directory itself goes to the log only. */
    static Optional<String> lexiconProblem(Path dir) {
        if (!new LexiconCache(dir).stored().isEmpty()) {
            return Optional.empty();
        }
        LOG.warnf("no lexicon under %s (gateway.lexicon-dir): runs that translate are refused", dir.toAbsolutePath());
        return Optional.of(NO_LEXICON);
    }

    /** The route of every pair of the corpus' document languages (sorted) over the lexicons now in the cache. */
    @Override
    public List<Route> routes(RetrieverId id, Dataset dataset) {
        return new Routes(new LexiconCache(lexiconDir()), ((TranslateId) id).pivot()).all(languages(dataset));
    }

    private static List<String> languages(Dataset dataset) {
        return new ArrayList<>(new TreeSet<>(dataset.corpus().stream().map(Document::lang).toList()));
    }

    @Override
    public void retrieve(RetrieverId id, RetrievalTask task) throws InterruptedException {
        TranslateId t = (TranslateId) id;
        String collection = bm25.indexed(task);
        LexiconCache cache = new LexiconCache(lexiconDir());
        Routes routes = new Routes(cache, t.pivot());
        QueryTranslator translator = new QueryTranslator(cache);
        List<String> languages = languages(task.dataset());
        List<String> uncovered = routes.uncovered(languages).stream().map(Route::describe).toList();
        LOG.infof("%s over %s: %d of %d routes have no dictionary: %s", id, task.dataset().info().id(), uncovered.size(),
                languages.size() * languages.size(), uncovered);
        Fusion rrf = new Fusion(FusionMethod.RRF, null, Fusion.DEFAULT_K, task.depth());
        task.phase(RetrieverPhase.SEARCHING);
        task.queriesEmbedded(task.dataset().queries().size());
        for (Query q : task.dataset().queries()) {
            task.checkCancelled();
            long s0 = System.nanoTime();
            List<RankedList> perLanguage = new ArrayList<>();
            for (String lang : languages) {
                String text = translator.translate(q.text(), routes.route(q.lang(), lang));
                perLanguage.add(index.searchTextIn(collection, q.id(), text, lang, task.depth()));
            }
            RankedList fused = StrictScores.of(rrf.fuse(q.id(), perLanguage));
            task.timed(RetrievalTask.Timed.SEARCH, s0);
            task.searchCall(1);
            task.queriesSearched(1);
            task.publish(fused, (System.nanoTime() - s0) / 1000);
        }
    }
}
