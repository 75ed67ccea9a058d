package io.clirbench.lexical;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.miscellaneous.PerFieldAnalyzerWrapper;
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
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * BM25 (Lucene, k1 = 1.2, b = 0.75) over document texts. Each text is indexed twice: in the field of its language
 * ({@code text_xx}, analysed by that language, {@link LanguageAnalyzers}) and in one language-blind field ({@code plain},
 * {@link PlainAnalyzer}); a search names the {@link LexicalChain} it scores with.
 * <ul>
 * <li>{@link LexicalChain#STEM} (the {@code bm25} retriever): the query analysed with its language, matched against every
 * language field the filter allows. A document has one language field, so its score comes from that field with that
 * field's statistics.</li>
 * <li>{@link LexicalChain#PLAIN}: the query analysed by {@link PlainAnalyzer} against the plain field.</li>
 * <li>{@link LexicalChain#STEM_PLAIN}: per document, its STEM score plus its PLAIN score.</li>
 * </ul>
 * One Lucene query answers a search (issue 40: a query per language field made a top-1,000 cost 16 searches): the
 * per-field groups are SHOULD clauses of one query, and as a document matches one language field only, its score is the
 * same float that field's group alone would give. A query whose groups together pass Lucene's clause limit (1,024) is
 * answered group by group instead, each group restricted to its language's documents, and the lists merged.
 * The filter is part of the Lucene query (FILTER clauses), and the top n is sorted by score, then doc id ascending
 * ({@link #RANKING}), so ties at the cut-off follow the service's rule.
 */
public final class LexicalIndex implements AutoCloseable {

    static final String PLAIN_FIELD = "plain";
    private static final String ID = "id";
    static final String LANG = "lang";
    static final String FAMILY = "family";
    /** The language field's key: the lower-cased language, the suffix of its {@code text_xx} field. */
    private static final String LANG_KEY = "lang_key";
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
    /** The same limit shared by the two groups of a {@link LexicalChain#STEM_PLAIN} query. */
    private static final int MAX_TERMS_PER_GROUP = 511;

    private final String name;
    private final LanguageAnalyzers analyzers = new LanguageAnalyzers();
    private final Analyzer plain = new PlainAnalyzer();
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
            Analyzer perField = new PerFieldAnalyzerWrapper(analyzers, Map.of(PLAIN_FIELD, plain));
            writer = new IndexWriter(directory, new IndexWriterConfig(perField)
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
                doc.add(new SortedDocValuesField(HitPayloads.LANG_VALUES, new BytesRef(p.lang())));
                doc.add(new SortedDocValuesField(HitPayloads.FAMILY_VALUES, new BytesRef(p.family())));
                doc.add(new StringField(LANG_KEY, p.lang().toLowerCase(Locale.ROOT), Field.Store.NO));
                doc.add(new TextField(LanguageAnalyzers.field(p.lang()), p.text(), Field.Store.NO));
                doc.add(new TextField(PLAIN_FIELD, p.text(), Field.Store.NO));
                writer.updateDocument(new Term(ID, p.docId()), doc);
            }
            writer.commit();
            searchers.maybeRefreshBlocking();
        } catch (IOException e) {
            throw new LexicalIndexException("BM25 index of '" + name + "': indexing failed: " + e.getMessage(), e);
        }
    }

    /** Top-{@code n} documents for {@code text} in language {@code lang}, scored by {@link LexicalChain#STEM}. */
    public List<LexicalHit> search(String text, String lang, int n, LexicalFilter filter) {
        return search(LexicalChain.STEM, text, lang, n, filter);
    }

    /** Top-{@code n} documents for {@code text} in language {@code lang}, scored by {@code chain}. */
    public List<LexicalHit> search(LexicalChain chain, String text, String lang, int n, LexicalFilter filter) {
        List<String> stemTerms = chain == LexicalChain.PLAIN ? List.of() : analyse(analyzers.forLanguage(lang), text);
        List<String> plainTerms = chain == LexicalChain.STEM ? List.of() : analyse(plain, text);
        if (stemTerms.isEmpty() && plainTerms.isEmpty()) {
            return List.of();
        }
        try {
            IndexSearcher searcher = searchers.acquire();
            try {
                searcher.setSimilarity(new BM25Similarity());
                FieldInfos fields = FieldInfos.getMergedFieldInfos(searcher.getIndexReader());
                List<String> keys = chain == LexicalChain.PLAIN ? List.of() : languageKeys(fields, filter);
                if (chain != LexicalChain.STEM) {
                    requirePlainField(searcher, fields);
                }
                QueryPlan plan = new QueryPlan(chain, keys, stemTerms, plainTerms, filter);
                List<Candidate> candidates = new ArrayList<>();
                for (Query q : plan.queries()) {
                    for (ScoreDoc sd : searcher.search(q, n, RANKING, true).scoreDocs) {
                        candidates.add(new Candidate(((BytesRef) ((FieldDoc) sd).fields[1]).utf8ToString(), sd.score, sd.doc));
                    }
                }
                if (plan.queries().size() > 1) {
                    candidates.sort(Comparator.comparingDouble((Candidate c) -> -c.score()).thenComparing(Candidate::docId));
                }
                List<Candidate> kept = candidates.subList(0, Math.min(n, candidates.size()));
                return HitPayloads.read(searcher, kept);
            } finally {
                searchers.release(searcher);
            }
        } catch (IOException e) {
            throw new LexicalIndexException("BM25 index of '" + name + "': search failed: " + e.getMessage(), e);
        }
    }

    /** A document of a top n: its id (from the sort values), its score and its Lucene doc number. */
    record Candidate(String docId, float score, int doc) {
    }

    /**
     * The Lucene queries of one search: one when its clauses fit Lucene's limit, else one per language key (each
     * filtered to that language's documents), whose top n lists are merged.
     */
    private record QueryPlan(LexicalChain chain, List<String> keys, List<String> stemTerms, List<String> plainTerms,
                             LexicalFilter filter) {

        List<Query> queries() {
            int perGroup = chain == LexicalChain.STEM_PLAIN ? MAX_TERMS_PER_GROUP : MAX_TERMS;
            List<String> stem = stemTerms.subList(0, Math.min(perGroup, stemTerms.size()));
            List<String> plainKept = plainTerms.subList(0, Math.min(perGroup, plainTerms.size()));
            int clauses = keys.size() * stem.size() + plainKept.size() + filter.langs().size() + filter.families().size();
            if (chain == LexicalChain.PLAIN) {
                return plainKept.isEmpty() ? List.of() : List.of(filtered(terms(PLAIN_FIELD, plainKept), null));
            }
            if (clauses <= IndexSearcher.getMaxClauseCount() || keys.size() <= 1) {
                BooleanQuery.Builder text = new BooleanQuery.Builder();
                if (!stem.isEmpty()) {
                    BooleanQuery.Builder stemGroup = new BooleanQuery.Builder();
                    keys.forEach(k -> stemGroup.add(terms(LanguageAnalyzers.FIELD_PREFIX + k, stem), BooleanClause.Occur.SHOULD));
                    text.add(stemGroup.build(), BooleanClause.Occur.SHOULD);
                }
                if (chain == LexicalChain.STEM_PLAIN && !plainKept.isEmpty()) {
                    text.add(terms(PLAIN_FIELD, plainKept), BooleanClause.Occur.SHOULD);
                }
                return keys.isEmpty() && chain == LexicalChain.STEM ? List.of() : List.of(filtered(text.build(), null));
            }
            List<Query> perKey = new ArrayList<>(keys.size());
            for (String k : keys) {
                BooleanQuery.Builder text = new BooleanQuery.Builder();
                if (!stem.isEmpty()) {
                    text.add(terms(LanguageAnalyzers.FIELD_PREFIX + k, stem), BooleanClause.Occur.SHOULD);
                }
                if (chain == LexicalChain.STEM_PLAIN && !plainKept.isEmpty()) {
                    text.add(terms(PLAIN_FIELD, plainKept), BooleanClause.Occur.SHOULD);
                }
                // STEM alone: the field restricts to k's documents; with PLAIN, the plain group needs the key's filter
                perKey.add(filtered(text.build(), chain == LexicalChain.STEM_PLAIN ? k : null));
            }
            return perKey;
        }

        /** {@code text} as the MUST clause, the filter's sets and the language key (if any) as FILTER clauses. */
        private Query filtered(Query text, String langKey) {
            if (filter.isEmpty() && langKey == null) {
                return text;
            }
            BooleanQuery.Builder q = new BooleanQuery.Builder().add(text, BooleanClause.Occur.MUST);
            if (!filter.langs().isEmpty()) {
                q.add(new TermInSetQuery(LANG, filter.langs().stream().map(BytesRef::new).toList()), BooleanClause.Occur.FILTER);
            }
            if (!filter.families().isEmpty()) {
                q.add(new TermInSetQuery(FAMILY, filter.families().stream().map(BytesRef::new).toList()), BooleanClause.Occur.FILTER);
            }
            if (langKey != null) {
                q.add(new TermQuery(new Term(LANG_KEY, langKey)), BooleanClause.Occur.FILTER);
            }
            return q.build();
        }

        private static Query terms(String field, List<String> terms) {
            BooleanQuery.Builder b = new BooleanQuery.Builder();
            for (String t : terms) {
                b.add(new TermQuery(new Term(field, t)), BooleanClause.Occur.SHOULD);
            }
            return b.build();
        }
    }

    /**
     * The language keys ({@code text_xx} fields) present in the index whose documents the filter may let through, in
     * order. A field {@code text_xx} holds the documents whose lang lower-cases to {@code xx}.
     */
    private static List<String> languageKeys(FieldInfos fields, LexicalFilter filter) {
        Set<String> allowed = new java.util.HashSet<>();
        filter.langs().forEach(l -> allowed.add(l.toLowerCase(Locale.ROOT)));
        List<String> keys = new ArrayList<>();
        for (FieldInfo fi : fields) {
            if (fi.name.startsWith(LanguageAnalyzers.FIELD_PREFIX)) {
                String key = fi.name.substring(LanguageAnalyzers.FIELD_PREFIX.length());
                if (allowed.isEmpty() || allowed.contains(key)) {
                    keys.add(key);
                }
            }
        }
        keys.sort(null);
        return keys;
    }

    /** An index written before texts went into the plain field as well cannot score the plain chains: say so. */
    private void requirePlainField(IndexSearcher searcher, FieldInfos fields) {
        if (searcher.getIndexReader().numDocs() > 0 && fields.fieldInfo(PLAIN_FIELD) == null) {
            throw new LexicalIndexException("BM25 index of '" + name + "' has no plain field (it was filled by an earlier "
                    + "version): drop it and index its texts again to search it with the plain chains", null);
        }
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
