package io.clirbench.core.construct.qac;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.distil.Segmenter;
import io.clirbench.core.metrics.language.GoldSets;
import io.clirbench.core.metrics.language.QueryGold;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import java.util.HashSet;
import java.util.Set;

/**
 * A dataset's statistics as ChemCLIR-Bench's Table 1 reports them ({@code published-dataset-stats.tsv}: corpus docs,
 * queries, qrels, cross-language qrels), with token and vocabulary counts:
 * <ul>
 * <li>{@code corpus_docs}: documents in the corpus;</li>
 * <li>{@code queries}: queries with at least one relevant document;</li>
 * <li>{@code qrels}: (query, relevant document) pairs of the gold sets as evaluation resolves them ({@link GoldSets}:
 * with family expansion, every language version of the source's family);</li>
 * <li>{@code cross_lang_qrels}: those pairs whose document's language differs from the query's;</li>
 * <li>{@code corpus_tokens}, {@code query_tokens}: word tokens ({@link Segmenter}: ICU word boundaries, lower case,
 * segments with a letter or digit, each Han character one token) of the document texts and of the counted queries'
 * texts;</li>
 * <li>{@code corpus_vocabulary}, {@code query_vocabulary}: the distinct such tokens.</li>
 * </ul>
 */
public record DatasetStatistics(int corpusDocs, int queries, long qrels, long crossLangQrels, long corpusTokens, int corpusVocabulary,
                                long queryTokens, int queryVocabulary) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public static DatasetStatistics of(Dataset dataset) {
        GoldSets gold = GoldSets.resolve(dataset);
        int queries = 0;
        long qrels = 0;
        long cross = 0;
        for (QueryGold g : gold.golds()) {
            queries++;
            for (int i = 0; i < g.docIds().length; i++) {
                qrels++;
                if (!g.isSame(i)) {
                    cross++;
                }
            }
        }
        Set<String> corpusVocabulary = new HashSet<>();
        long corpusTokens = 0;
        for (Document d : dataset.corpus()) {
            for (String t : Segmenter.tokens(d.text())) {
                corpusTokens++;
                corpusVocabulary.add(t);
            }
        }
        Set<String> queryVocabulary = new HashSet<>();
        long queryTokens = 0;
        for (QueryGold g : gold.golds()) {
            for (String t : Segmenter.tokens(g.query().text())) {
                queryTokens++;
                queryVocabulary.add(t);
            }
        }
        return new DatasetStatistics(dataset.corpus().size(), queries, qrels, cross, corpusTokens, corpusVocabulary.size(), queryTokens,
                queryVocabulary.size());
    }

    /**
     * The statistics as a TSV row in the layout of ChemCLIR-Bench's {@code published-dataset-stats.tsv} ({@code source,
     * corpus, corpus_docs, queries, qrels, cross_lang_qrels}), then the token and vocabulary counts; with its header, LF.
     */
    public String tsv(String source, String corpus) {
        return "source\tcorpus\tcorpus_docs\tqueries\tqrels\tcross_lang_qrels\tcorpus_tokens\tcorpus_vocabulary\tquery_tokens"
                + "\tquery_vocabulary\n" + String.join("\t", clean(source), clean(corpus), String.valueOf(corpusDocs), String.valueOf(queries),
                String.valueOf(qrels), String.valueOf(crossLangQrels), String.valueOf(corpusTokens), String.valueOf(corpusVocabulary),
                String.valueOf(queryTokens), String.valueOf(queryVocabulary)) + "\n";
    }

    private static String clean(String field) {
        return field.replaceAll("[\t\r\n]", " ");
    }

    /** The statistics as JSON, with Table 1's column names. */
    public ObjectNode json() {
        return JSON.createObjectNode().put("corpus_docs", corpusDocs).put("queries", queries).put("qrels", qrels)
                .put("cross_lang_qrels", crossLangQrels).put("corpus_tokens", corpusTokens).put("corpus_vocabulary", corpusVocabulary)
                .put("query_tokens", queryTokens).put("query_vocabulary", queryVocabulary);
    }
}
