package io.clirbench.index.store;

import io.clirbench.lexical.LexicalIndex;
import io.clirbench.lexical.LexicalIndexException;

import java.nio.file.Path;

/** One collection: its spec, its vector store (none for BM25 collections) and its lexical index, opened on first use. */
public final class Collection {

    private final CollectionSpec spec;
    private final Path dir;
    private final VectorStore vectors;
    private volatile LexicalIndex lexical;

    private final String unavailable;

    Collection(CollectionSpec spec, Path dir, VectorStore vectors) {
        this(spec, dir, vectors, null);
    }

    /** @param unavailable why the vector store could not be opened (searches fail with it), or null */
    Collection(CollectionSpec spec, Path dir, VectorStore vectors, String unavailable) {
        this.spec = spec;
        this.dir = dir;
        this.vectors = vectors;
        this.unavailable = unavailable;
        if (java.nio.file.Files.isDirectory(dir.resolve("bm25"))) {
            lexical = openLexical();
        }
    }

    public CollectionSpec spec() {
        return spec;
    }

    Path dir() {
        return dir;
    }

    /** The vector store; an {@link UnsupportedByKindException} for a BM25 collection. */
    public VectorStore vectors() {
        if (unavailable != null) {
            throw new UnsupportedByKindException("collection '" + spec.name() + "': " + unavailable);
        }
        if (vectors == null) {
            throw new UnsupportedByKindException("collection '" + spec.name() + "' is of kind BM25 and holds no vectors");
        }
        return vectors;
    }

    public long vectorCount() {
        return vectors == null ? 0 : vectors.count();
    }

    boolean hasVectorStore() {
        return vectors != null;
    }

    public long textCount() {
        LexicalIndex l = lexical;
        return l == null ? 0 : l.count();
    }

    /** Bytes of the collection's index files on this service's disk (vectors and BM25); 0 when unknown (Qdrant). */
    public long diskBytes() {
        return (vectors == null || unavailable != null ? 0 : vectors.diskBytes()) + lexicalBytes();
    }

    /**
     * Bytes held resident to search the collection, estimated: the vector store's estimate, plus the BM25 index's files
     * (Lucene searches them memory-mapped); 0 when unknown (Qdrant).
     */
    public long memoryBytes() {
        return (vectors == null || unavailable != null ? 0 : vectors.memoryBytes()) + lexicalBytes();
    }

    private long lexicalBytes() {
        return lexical == null ? 0 : DirectorySize.of(dir.resolve("bm25"));
    }

    /** The lexical index, created on first use. */
    public synchronized LexicalIndex lexical() {
        if (lexical == null) {
            lexical = openLexical();
        }
        return lexical;
    }

    /** The lexical index when texts were indexed, else {@code null}. */
    LexicalIndex lexicalIfOpen() {
        return lexical;
    }

    private LexicalIndex openLexical() {
        try {
            return new LexicalIndex(spec.name(), dir.resolve("bm25"));
        } catch (LexicalIndexException e) {
            throw new StoreFailureException(e.getMessage(), e);
        }
    }

    void close() {
        if (vectors != null) {
            vectors.close();
        }
        LexicalIndex l = lexical;
        if (l != null) {
            try {
                l.close();
            } catch (LexicalIndexException e) {
                throw new StoreFailureException(e.getMessage(), e);
            }
        }
    }
}
