package io.clirbench.index.store.hnsw;

import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Points;
import io.clirbench.index.store.InvalidRequestException;
import io.clirbench.index.store.StoreFailureException;
import io.clirbench.index.store.VectorStore;
import org.apache.lucene.codecs.KnnVectorsFormat;
import org.apache.lucene.codecs.lucene103.Lucene103Codec;
import org.apache.lucene.codecs.lucene99.Lucene99HnswVectorsFormat;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KnnFloatVectorField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.VectorSimilarityFunction;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.SearcherManager;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.IOUtils;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Approximate store on a Lucene 10 HNSW graph ({@link KnnFloatVectorField}, maximum inner product),
 * persisted in a Lucene directory. Scores are mapped back from Lucene's scaled inner product to the raw
 * dot product. Recall against the exact store must be measured (see the benchmark), never assumed.
 */
public final class HnswStore implements VectorStore {

    static final String ID = "id";
    static final String LANG = "lang";
    static final String FAMILY = "family";
    static final String VECTOR = "vector";
    private static final int DEFAULT_EF = 100;
    /** Largest vector dimension of Lucene's HNSW format (1,024 in Lucene 10.3). */
    public static final int MAX_DIMENSIONS = new Lucene99HnswVectorsFormat().getMaxDimensions(VECTOR);

    private final CollectionSpec spec;
    private final FSDirectory directory;
    private final IndexWriter writer;
    private final SearcherManager searchers;

    /** Create-time check: an {@link InvalidRequestException} when Lucene's HNSW format cannot hold the spec. */
    public static void checkCreatable(CollectionSpec spec) {
        if (spec.dimension() > MAX_DIMENSIONS) {
            throw new InvalidRequestException("an HNSW collection holds at most " + MAX_DIMENSIONS
                    + " dimensions (Lucene's HNSW format limit), was " + spec.dimension());
        }
    }

    public HnswStore(CollectionSpec spec, Path dir) {
        this.spec = spec;
        try {
            directory = FSDirectory.open(dir);
            IndexWriterConfig config = new IndexWriterConfig()
                    .setCodec(codec(spec.hnswM(), spec.hnswEfConstruction()))
                    .setRAMBufferSizeMB(256)
                    .setOpenMode(IndexWriterConfig.OpenMode.CREATE_OR_APPEND);
            writer = new IndexWriter(directory, config);
            searchers = new SearcherManager(writer, null);
        } catch (IOException e) {
            throw new StoreFailureException(dir + ": cannot open HNSW index: " + e.getMessage(), e);
        }
    }

    private static Lucene103Codec codec(int m, int efConstruction) {
        KnnVectorsFormat format = new Lucene99HnswVectorsFormat(m, efConstruction);
        return new Lucene103Codec() {
            @Override
            public KnnVectorsFormat getKnnVectorsFormatForField(String field) {
                return format;
            }
        };
    }

    @Override
    public CollectionSpec spec() {
        return spec;
    }

    @Override
    public long count() {
        return writer.getDocStats().numDocs;
    }

    @Override
    public long diskBytes() {
        return io.clirbench.index.store.DirectorySize.of(directory.getDirectory());
    }

    /** Lucene searches the graph and vectors through memory-mapped files: resident at full speed is their size on disk. */
    @Override
    public long memoryBytes() {
        return diskBytes();
    }

    @Override
    public synchronized void upsert(Points points) {
        try {
            for (int i = 0; i < points.size(); i++) {
                PointPayload p = points.payloads().get(i);
                Document doc = new Document();
                doc.add(new StringField(ID, p.docId(), Field.Store.YES));
                doc.add(new StringField(LANG, p.lang(), Field.Store.YES));
                doc.add(new StringField(FAMILY, p.family(), Field.Store.YES));
                doc.add(new KnnFloatVectorField(VECTOR, points.vectors().get(i),
                        VectorSimilarityFunction.MAXIMUM_INNER_PRODUCT));
                writer.updateDocument(new Term(ID, p.docId()), doc);
            }
            writer.commit();
            searchers.maybeRefreshBlocking();
        } catch (IOException e) {
            throw new StoreFailureException("HNSW collection '" + spec.name() + "': upsert failed: " + e.getMessage(), e);
        }
    }

    /** Merges the index into one segment (one graph): slower to build, faster to search. */
    public synchronized void forceMerge() {
        try {
            writer.forceMerge(1);
            writer.commit();
            searchers.maybeRefreshBlocking();
        } catch (IOException e) {
            throw new StoreFailureException("HNSW collection '" + spec.name() + "': merge failed: " + e.getMessage(), e);
        }
    }

    @Override
    public List<List<Hit>> search(float[][] queries, int n, PayloadFilter filter, int ef) {
        Query filterQuery = filterQuery(filter);
        int k = Math.max(n, ef > 0 ? ef : DEFAULT_EF);
        try {
            IndexSearcher searcher = searchers.acquire();
            try {
                StoredFields stored = searcher.storedFields();
                List<List<Hit>> out = new ArrayList<>(queries.length);
                for (float[] q : queries) {
                    TopDocs top = searcher.search(new KnnFloatVectorQuery(VECTOR, q, k, filterQuery), k);
                    out.add(hits(top, stored, n));
                }
                return out;
            } finally {
                searchers.release(searcher);
            }
        } catch (IOException e) {
            throw new StoreFailureException("HNSW collection '" + spec.name() + "': search failed: " + e.getMessage(), e);
        }
    }

    private static List<Hit> hits(TopDocs top, StoredFields stored, int n) throws IOException {
        List<Hit> hits = new ArrayList<>(top.scoreDocs.length);
        for (ScoreDoc sd : top.scoreDocs) {
            Document d = stored.document(sd.doc, Set.of(ID, LANG, FAMILY));
            hits.add(new Hit(d.get(ID), innerProduct(sd.score), d.get(LANG), d.get(FAMILY)));
        }
        hits.sort(Comparator.comparingDouble((Hit h) -> -h.score()).thenComparing(Hit::docId));
        return hits.size() > n ? new ArrayList<>(hits.subList(0, n)) : hits;
    }

    /** Inverse of Lucene's {@code VectorUtil.scaleMaxInnerProductScore}: x<0 -> 1/(1-x), else x+1. */
    static float innerProduct(float score) {
        return score < 1 ? 1 - 1 / score : score - 1;
    }

    private static Query filterQuery(PayloadFilter filter) {
        if (filter.isEmpty()) {
            return null;
        }
        BooleanQuery.Builder b = new BooleanQuery.Builder();
        if (!filter.langs().isEmpty()) {
            b.add(new TermInSetQuery(LANG, filter.langs().stream().map(BytesRef::new).toList()), BooleanClause.Occur.FILTER);
        }
        if (!filter.families().isEmpty()) {
            b.add(new TermInSetQuery(FAMILY, filter.families().stream().map(BytesRef::new).toList()), BooleanClause.Occur.FILTER);
        }
        return b.build();
    }

    @Override
    public synchronized void close() {
        try {
            IOUtils.close(searchers, writer, directory); // all three, even when one fails
        } catch (IOException e) {
            throw new StoreFailureException("HNSW collection '" + spec.name() + "': close failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void drop() {
        try {
            writer.deleteAll();
            writer.commit();
        } catch (IOException e) {
            throw new StoreFailureException("HNSW collection '" + spec.name() + "': drop failed: " + e.getMessage(), e);
        }
        close();
    }
}
