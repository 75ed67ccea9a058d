package io.clirbench.core.run;

/**
 * What a retrieval run will ask of the services, estimated at submit from the dataset's size, the retrievers and the
 * depth (README "Preflight at submit"; {@link RunSizeLimits} compares it with the limits). Every figure is an upper
 * bound of its kind: every list full to {@code depth}, every id as long as the longest. The per-item constants were
 * measured as their Javadoc says, or are marked assumed.
 *
 * @param dataset               the dataset's sizes
 * @param retrievers            retrievers of the run
 * @param longestRetrieverIdBytes UTF-8 bytes of the longest retriever id (it is in every QueryResult)
 * @param depth                 results per query (N)
 * @param bootstrap             bootstrap resamples B (0: no statistics)
 */
public record RunSizeEstimate(DatasetFootprint dataset, int retrievers, int longestRetrieverIdBytes, int depth,
                              int bootstrap) {

    /**
     * Eval-service storage per result, an upper bound: 43 bytes, the growth of the eval-service's H2 file measured over
     * 15,000,000 results of a run through the local stack (issue 40: 8 bytes of packed hits a result, the rest H2's
     * uncompacted chunks, since WRITE_DELAY=0 stops its background compaction); PostgreSQL stored 8.8.
     */
    static final double STORED_BYTES_PER_RESULT = 43;
    /** Eval-service storage per (run, retriever, query) row beside its packed hits (assumed, issue 40). */
    static final long STORED_BYTES_PER_LIST = 200;
    /**
     * Heap per document or query beyond its text's characters: the records, id, language and family strings, metadata,
     * gold sets and the eval-service's id index ({@code CorpusIds}). Measured with {@code JudgedDataset} over
     * {@code DatasetReader.read}, after GC, SerialGC, JDK 25: xquad-clir 8.47 MB for 2,880 documents + 1,200 queries with
     * 4.09 MB of text heap = 1,073 bytes an item; manpages-clir 3.68 MB for 530 + 530 with 2.55 MB = 1,066; rounded up.
     */
    static final long HEAP_BYTES_PER_ITEM = 1_200;
    /** Eval-service heap per (retriever, query) while a run is evaluated: its gold ranks and values (assumed). */
    static final long HEAP_BYTES_PER_LIST = 100;
    /**
     * Bootstrap replicate arrays alive at once per retriever: the 3 interval metrics' (R@10, R@10_same, R@10_cross)
     * and the coverage depths' {@code double[B]} (bench-core {@code Significance}, {@code DepthBootstrap}).
     */
    static final long BOOTSTRAP_ARRAYS_PER_RETRIEVER = 4;
    /**
     * The gateway's heap besides the dataset of a run: the service itself, its clients and the lists of the batches in
     * flight (assumed: 128 MiB; the gateway of the local stack used about 100 MiB of heap between runs).
     */
    static final long GATEWAY_SERVICE_HEAP = 128L << 20;
    /** A run id: a UUID's 36 characters. */
    static final int RUN_ID_BYTES = 36;

    public RunSizeEstimate {
        if (retrievers < 1 || depth < 1 || bootstrap < 0 || longestRetrieverIdBytes < 0) {
            throw new IllegalArgumentException("retrievers " + retrievers + ", depth " + depth + ", bootstrap " + bootstrap
                    + ": retrievers and depth must be at least 1, bootstrap not negative");
        }
    }

    /** (retriever, query) lists of the run: queries x retrievers, each one QueryResult event. */
    public long lists() {
        return (long) dataset.queries() * retrievers;
    }

    /** Results of the run: Σ over retrievers of queries x depth. */
    public long results() {
        return lists() * depth;
    }

    /**
     * Bytes of one hit in a QueryResult (events.proto), with the longest document id L: inside the {@code Hit},
     * 1 (tag) + varint(L) + L + 1 (tag) + 8 (double); around it 1 (tag) + varint(its length).
     */
    public long hitBytes() {
        long inner = 1 + varintSize(dataset.longestDocIdBytes()) + dataset.longestDocIdBytes() + 1 + 8;
        return 1 + varintSize(inner) + inner;
    }

    /** A QueryResult's fields besides its hits: run id, retriever id, query id (tag, length, bytes) and latency (tag, 10). */
    public long eventEnvelopeBytes() {
        return field(RUN_ID_BYTES) + field(longestRetrieverIdBytes) + field(dataset.longestQueryIdBytes()) + 1 + 10;
    }

    /** The largest QueryResult event: depth hits of the longest id, plus the envelope. */
    public long largestEventBytes() {
        return depth * hitBytes() + eventEnvelopeBytes();
    }

    /** Bytes the run puts on the query-results topic (each replica of it): lists x the largest event. */
    public long eventBytes() {
        return lists() * largestEventBytes();
    }

    /** The eval-service's database growth: results x 43 bytes + lists x 200 bytes. */
    public long evalStorageBytes() {
        return (long) Math.ceil(results() * STORED_BYTES_PER_RESULT) + lists() * STORED_BYTES_PER_LIST;
    }

    /** The evaluation's cost in query-resamples, as the eval-service's {@code EvaluationCost}: lists x max(1, B). */
    public long evaluationCost() {
        return Math.multiplyExact(lists(), (long) Math.max(1, bootstrap));
    }

    /** Heap of the dataset as a service holds it: its texts plus 1,200 bytes a document or query. */
    public long datasetHeapBytes() {
        return dataset.documentTextBytes() + dataset.queryTextBytes()
                + HEAP_BYTES_PER_ITEM * ((long) dataset.documents() + dataset.queries());
    }

    /** Heap of the per-query state of an evaluation: lists x 100 bytes. */
    public long evalListHeapBytes() {
        return lists() * HEAP_BYTES_PER_LIST;
    }

    /** Heap of the bootstrap: 4 arrays of B doubles per retriever. */
    public long bootstrapHeapBytes() {
        return BOOTSTRAP_ARRAYS_PER_RETRIEVER * retrievers * (long) bootstrap * Double.BYTES;
    }

    /** The eval-service's heap to evaluate the run: the dataset, the per-query state and the bootstrap. */
    public long evalHeapBytes() {
        return datasetHeapBytes() + evalListHeapBytes() + bootstrapHeapBytes();
    }

    /**
     * The gateway's heap for the run: the dataset it holds while the run goes on (every index lives in the
     * index-service since issue 40), and the service itself ({@link #GATEWAY_SERVICE_HEAP}). Not counted: other
     * datasets of runs in flight at the same time.
     */
    public long gatewayHeapBytes() {
        return datasetHeapBytes() + GATEWAY_SERVICE_HEAP;
    }

    private static long field(long bytes) {
        return 1 + varintSize(bytes) + bytes;
    }

    /** Bytes of a protobuf varint of a non-negative value: 7 bits a byte. */
    static int varintSize(long value) {
        int size = 1;
        while ((value >>>= 7) != 0) {
            size++;
        }
        return size;
    }
}
