package io.clirbench.lexical;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.IOUtils;

/**
 * An in-memory BM25 index (Lucene, k1 = 1.2, b = 0.75, as {@link LexicalIndex}) over a fixed set of documents, each
 * indexed twice: in the field of its language ({@code text_xx}, {@link LanguageAnalyzers}) and in one language-blind
 * field ({@code plain}, {@link PlainAnalyzer}); a search names the {@link LexicalChain} it scores with. Built once from
 * the whole corpus (the documents' texts are the index's only input, so rebuilding it gives the same index) and
 * read-only afterwards. Ranking: score descending, then doc id ascending, inside Lucene as in {@link LexicalIndex}.
 *
 * <p>{@link LexicalChain#STEM} scores as {@link LexicalIndex} does: the query analysed by its language, matched
 * against each language's field (a document has one, so its score comes from that field with that field's statistics).
 * {@link LexicalChain#STEM_PLAIN} adds, per document, the plain field's BM25 score to that: one query per language
 * partition (a FILTER on the partition), so that each document's stemmed and plain clauses are summed by Lucene.
 */
public final class ChainedLexicalIndex implements AutoCloseable {

    static final String PLAIN_FIELD = "plain";
    private static final String ID = "id";
    private static final String ID_SORT = "doc_id_sort";
    private static final String LANG = "lang";
    private static final String FAMILY = "family";
    /** The field's language key: the lower-cased language, the suffix of its {@code text_xx} field. */
    private static final String LANG_KEY = "lang_key";
    private static final Sort RANKING = new Sort(SortField.FIELD_SCORE, new SortField(ID_SORT, SortField.Type.STRING));
    /** Lucene's clause limit (1,024) shared by the two groups of a two-field query, less the filter. */
    private static final int MAX_TERMS_PER_GROUP = 511;

    private final String name;
    private final LanguageAnalyzers languages = new LanguageAnalyzers();
    private final Analyzer plain = new PlainAnalyzer();
    private final Directory directory = new ByteBuffersDirectory();
    private final DirectoryReader reader;
    private final List<String> langKeys;

    /** Indexes {@code documents} (ids unique; {@code lang} chooses the language field's analyzer). */
    public ChainedLexicalIndex(String name, List<LexicalDocument> documents) {
        this.name = name;
        Set<String> keys = new TreeSet<>();
        Analyzer perField = new PerFieldAnalyzerWrapper(languages, java.util.Map.of(PLAIN_FIELD, plain));
        try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(perField).setSimilarity(new BM25Similarity()))) {
            for (LexicalDocument p : documents) {
                String key = p.lang().toLowerCase(Locale.ROOT);
                keys.add(key);
                Document doc = new Document();
                doc.add(new StringField(ID, p.docId(), Field.Store.YES));
                doc.add(new SortedDocValuesField(ID_SORT, new BytesRef(p.docId())));
                doc.add(new StringField(LANG, p.lang(), Field.Store.YES));
                doc.add(new StringField(FAMILY, p.family(), Field.Store.YES));
                doc.add(new StringField(LANG_KEY, key, Field.Store.NO));
                doc.add(new TextField(LanguageAnalyzers.field(p.lang()), p.text(), Field.Store.NO));
                doc.add(new TextField(PLAIN_FIELD, p.text(), Field.Store.NO));
                writer.addDocument(doc);
            }
            writer.commit();
            reader = DirectoryReader.open(directory);
        } catch (IOException e) {
            throw new LexicalIndexException("BM25 index '" + name + "': indexing failed: " + e.getMessage(), e);
        }
        this.langKeys = List.copyOf(keys);
    }

    /** The number of documents indexed. */
    public int count() {
        return reader.numDocs();
    }

    /** Top-{@code n} documents for {@code text} in language {@code lang}, scored by {@code chain}. */
    public List<LexicalHit> search(LexicalChain chain, String text, String lang, int n) {
        List<String> stemTerms = LexicalIndex.analyse(languages.forLanguage(lang), text);
        List<String> plainTerms = LexicalIndex.analyse(plain, text);
        List<Query> queries = new ArrayList<>();
        switch (chain) {
            case PLAIN -> {
                if (!plainTerms.isEmpty()) {
                    queries.add(terms(PLAIN_FIELD, plainTerms, 2 * MAX_TERMS_PER_GROUP));
                }
            }
            case STEM -> {
                if (!stemTerms.isEmpty()) {
                    langKeys.forEach(k -> queries.add(terms(LanguageAnalyzers.FIELD_PREFIX + k, stemTerms, 2 * MAX_TERMS_PER_GROUP)));
                }
            }
            case STEM_PLAIN -> {
                if (!stemTerms.isEmpty() || !plainTerms.isEmpty()) {
                    langKeys.forEach(k -> queries.add(new BooleanQuery.Builder()
                            .add(terms(LanguageAnalyzers.FIELD_PREFIX + k, stemTerms, MAX_TERMS_PER_GROUP), BooleanClause.Occur.SHOULD)
                            .add(terms(PLAIN_FIELD, plainTerms, MAX_TERMS_PER_GROUP), BooleanClause.Occur.SHOULD)
                            .add(new TermQuery(new Term(LANG_KEY, k)), BooleanClause.Occur.FILTER)
                            .setMinimumNumberShouldMatch(1)     // with a FILTER clause, SHOULD alone would be optional
                            .build()));
                }
            }
        }
        return top(queries, n);
    }

    private static Query terms(String field, List<String> terms, int max) {
        BooleanQuery.Builder b = new BooleanQuery.Builder();
        for (String t : terms.subList(0, Math.min(max, terms.size()))) {
            b.add(new TermQuery(new Term(field, t)), BooleanClause.Occur.SHOULD);
        }
        return b.build();
    }

    /** Each query's top n (each covers one partition of the documents, or all), merged by score, then doc id. */
    private List<LexicalHit> top(List<Query> queries, int n) {
        try {
            IndexSearcher searcher = new IndexSearcher(reader);
            searcher.setSimilarity(new BM25Similarity());
            StoredFields stored = searcher.storedFields();
            List<LexicalHit> hits = new ArrayList<>();
            for (Query q : queries) {
                for (ScoreDoc sd : searcher.search(q, n, RANKING, true).scoreDocs) {
                    Document d = stored.document(sd.doc, Set.of(ID, LANG, FAMILY));
                    hits.add(new LexicalHit(d.get(ID), sd.score, d.get(LANG), d.get(FAMILY)));
                }
            }
            hits.sort(Comparator.comparingDouble((LexicalHit h) -> -h.score()).thenComparing(LexicalHit::docId));
            return hits.size() > n ? new ArrayList<>(hits.subList(0, n)) : hits;
        } catch (IOException e) {
            throw new LexicalIndexException("BM25 index of '" + name + "': search failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        try {
            IOUtils.close(reader, directory);
        } catch (IOException e) {
            throw new LexicalIndexException("BM25 index of '" + name + "': close failed: " + e.getMessage(), e);
        }
    }
}
