package io.clirbench.lexical;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldDoc;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.IOUtils;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * BM25 (Lucene, k1 = 1.2, b = 0.75) over document texts, one field per language ({@code text_xx}),
 * each analysed by its language ({@link LanguageAnalyzers}). A query is analysed with the query's
 * language and matched against every language field that the filter allows; as a document has one
 * text field, a hit's score comes from one field with that field's statistics. The filter is part of the
 * Lucene query (FILTER clauses), and each field's top n is sorted by score, then doc id ascending
 * ({@link #RANKING}), so ties at the cut-off follow the service's rule; the per-field lists are merged by
 * the same rule.
 */
public final class LexicalIndex implements AutoCloseable {

    private static final String ID = "id";
    private static final String LANG = "lang";
    private static final String FAMILY = "family";
    /** Doc id as sorted doc values: the tie-break of {@link #RANKING}. */
    private static final String ID_SORT = "doc_id_sort";
    /**
     * The service's ranking rule inside Lucene: score descending, then doc id ascending. UTF-8 byte order
     * equals {@link String#compareTo} order except between supplementary characters and U+E000..U+FFFF,
     * which doc ids in practice never mix. Documents indexed before this field existed sort first among
     * equal scores until they are indexed again.
     */
    private static final Sort RANKING = new Sort(SortField.FIELD_SCORE, new SortField(ID_SORT, SortField.Type.STRING));
    /** Lucene's default limit of clauses per query (1,024) less the two filter clauses. */
    private static final int MAX_TERMS = 1022;

    private final String name;
    private final LanguageAnalyzers analyzers = new LanguageAnalyzers();
    private final Directory directory;
    private final IndexWriter writer;
    private final SearcherManager searchers;

    public LexicalIndex(String name, Path dir) {
        this(name, open(dir));
    }

    /** An index held in memory only (the offline baseline agent, tests). */
    public static LexicalIndex inMemory(String name) {
        return new LexicalIndex(name, new ByteBuffersDirectory());
    }

    private static Directory open(Path dir) {
        try {
            return FSDirectory.open(dir);
        } catch (IOException e) {
            throw new LexicalIndexException(dir + ": cannot open BM25 index: " + e.getMessage(), e);
        }
    }

    private LexicalIndex(String name, Directory directory) {
        this.name = name;
        this.directory = directory;
        try {
            writer = new IndexWriter(directory, new IndexWriterConfig(analyzers)
                    .setSimilarity(new BM25Similarity())
                    .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND));
            searchers = new SearcherManager(writer, null);
        } catch (IOException e) {
            throw new LexicalIndexException("BM25 index '" + name + "': cannot open: " + e.getMessage(), e);
        }
    }

    /** The number of documents indexed. */
    public long count() {
        return writer.getDocStats().numDocs;
    }

    /** Adds or replaces texts by doc id, then commits. */
    public synchronized void index(List<LexicalDocument> documents) {
        try {
            for (LexicalDocument p : documents) {
                Document doc = new Document();
                doc.add(new StringField(ID, p.docId(), Field.Store.YES));
                doc.add(new SortedDocValuesField(ID_SORT, new BytesRef(p.docId())));
                doc.add(new StringField(LANG, p.lang(), Field.Store.YES));
                doc.add(new StringField(FAMILY, p.family(), Field.Store.YES));
                doc.add(new TextField(LanguageAnalyzers.field(p.lang()), p.text(), Field.Store.NO));
                writer.updateDocument(new Term(ID, p.docId()), doc);
            }
            writer.commit();
            searchers.maybeRefreshBlocking();
        } catch (IOException e) {
            throw new LexicalIndexException("BM25 index of '" + name + "': indexing failed: " + e.getMessage(), e);
        }
    }

    /** Top-{@code n} documents for {@code text} in language {@code lang}. */
    public List<LexicalHit> search(String text, String lang, int n, LexicalFilter filter) {
        List<String> terms = analyse(analyzers.forLanguage(lang), text);
        if (terms.isEmpty()) {
            return List.of();
        }
        try {
            IndexSearcher searcher = searchers.acquire();
            try {
                searcher.setSimilarity(new BM25Similarity());
                // Each field's top n carries its ids as sort values (RANKING's tie-break), so the per-field lists are
                // merged on (score, id) and the stored fields read for the n kept only, not for n per field (issue
                // 40: with 16 languages that was 16,000 stored-document reads for a top-1,000, most of a query's time).
                List<Candidate> candidates = new ArrayList<>();
                for (String field : textFields(searcher)) {
                    if (!fieldMayMatch(field, filter)) {
                        continue;
                    }
                    for (ScoreDoc sd : searcher.search(query(field, terms, filter), n, RANKING, true).scoreDocs) {
                        candidates.add(new Candidate(((BytesRef) ((FieldDoc) sd).fields[1]).utf8ToString(), sd.score, sd.doc));
                    }
                }
                candidates.sort(Comparator.comparingDouble((Candidate c) -> -c.score()).thenComparing(Candidate::docId));
                StoredFields stored = searcher.storedFields();
                List<LexicalHit> hits = new ArrayList<>(Math.min(n, candidates.size()));
                for (Candidate c : candidates.subList(0, Math.min(n, candidates.size()))) {
                    Document d = stored.document(c.doc(), Set.of(LANG, FAMILY));
                    hits.add(new LexicalHit(c.docId(), c.score(), d.get(LANG), d.get(FAMILY)));
                }
                return hits;
            } finally {
                searchers.release(searcher);
            }
        } catch (IOException e) {
            throw new LexicalIndexException("BM25 index of '" + name + "': search failed: " + e.getMessage(), e);
        }
    }

    /** A document of a field's top n: its id (from the sort values), its score and its Lucene doc number. */
    private record Candidate(String docId, float score, int doc) {
    }

    /**
     * The terms as SHOULD clauses (the score), and the filter as FILTER clauses on the stored payload
     * fields, so Lucene's top n are already the filtered top n.
     */
    private static Query query(String field, List<String> terms, LexicalFilter filter) {
        BooleanQuery.Builder text = new BooleanQuery.Builder();
        for (String t : terms) {
            text.add(new TermQuery(new Term(field, t)), BooleanClause.Occur.SHOULD);
        }
        if (filter.isEmpty()) {
            return text.build();
        }
        BooleanQuery.Builder q = new BooleanQuery.Builder().add(text.build(), BooleanClause.Occur.MUST);
        if (!filter.langs().isEmpty()) {
            q.add(new TermInSetQuery(LANG, filter.langs().stream().map(BytesRef::new).toList()), BooleanClause.Occur.FILTER);
        }
        if (!filter.families().isEmpty()) {
            q.add(new TermInSetQuery(FAMILY, filter.families().stream().map(BytesRef::new).toList()), BooleanClause.Occur.FILTER);
        }
        return q.build();
    }

    /** A field {@code text_xx} holds the documents whose lang lower-cases to {@code xx}. */
    private static boolean fieldMayMatch(String field, LexicalFilter filter) {
        if (filter.langs().isEmpty()) {
            return true;
        }
        String fieldLang = field.substring(LanguageAnalyzers.FIELD_PREFIX.length());
        return filter.langs().stream().anyMatch(l -> LanguageAnalyzers.field(l).equals(LanguageAnalyzers.FIELD_PREFIX + fieldLang));
    }

    private static List<String> textFields(IndexSearcher searcher) {
        List<String> fields = new ArrayList<>();
        for (FieldInfo fi : FieldInfos.getMergedFieldInfos(searcher.getIndexReader())) {
            if (fi.name.startsWith(LanguageAnalyzers.FIELD_PREFIX)) {
                fields.add(fi.name);
            }
        }
        fields.sort(null);
        return fields;
    }

    /** Distinct analysed terms of {@code text}, in first-seen order, at most {@value #MAX_TERMS}. */
    static List<String> analyse(Analyzer analyzer, String text) {
        Set<String> terms = new LinkedHashSet<>();
        try (TokenStream ts = analyzer.tokenStream("q", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken() && terms.size() < MAX_TERMS) {
                terms.add(term.toString());
            }
            ts.end();
        } catch (IOException e) {
            throw new IllegalStateException("analysis of an in-memory string failed", e);
        }
        return new ArrayList<>(terms);
    }

    @Override
    public synchronized void close() {
        try {
            IOUtils.close(searchers, writer, directory); // all three, even when one fails
        } catch (IOException e) {
            throw new LexicalIndexException("BM25 index of '" + name + "': close failed: " + e.getMessage(), e);
        }
    }
}
