package io.clirbench.index.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.index.search.BruteForce;
import io.clirbench.proto.index.v1.CollectionInfo;
import io.clirbench.proto.index.v1.DescribeCollectionRequest;
import io.clirbench.proto.index.v1.Filter;
import io.clirbench.proto.index.v1.Hit;
import io.clirbench.proto.index.v1.IndexKind;
import io.clirbench.proto.index.v1.IndexServiceGrpc;
import io.clirbench.proto.index.v1.IndexTextsRequest;
import io.clirbench.proto.index.v1.Payload;
import io.clirbench.proto.index.v1.SearchBatchRequest;
import io.clirbench.proto.index.v1.SearchBatchResponse;
import io.clirbench.proto.index.v1.SearchRequest;
import io.clirbench.proto.index.v1.SearchResponse;
import io.clirbench.proto.index.v1.LexicalChain;
import io.clirbench.proto.index.v1.SearchTextBatchRequest;
import io.clirbench.proto.index.v1.SearchTextRequest;
import io.clirbench.proto.index.v1.TextQuery;
import io.clirbench.proto.index.v1.TextDocument;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/** The index.v1 contract through a real gRPC channel, for each store kind. */
@QuarkusTest
@WithTestResource(ContractQdrantResource.class)
class IndexGrpcServiceTest {

    private static final int COUNT = 600;
    private static final int DIM = 24;

    private IndexChannel channel;
    private IndexServiceGrpc.IndexServiceBlockingStub stub;

    @BeforeEach
    void connect() {
        channel = new IndexChannel();
        stub = channel.stub();
    }

    @AfterEach
    void disconnect() throws InterruptedException {
        channel.close();
    }

    @ParameterizedTest
    @EnumSource(value = IndexKind.class, names = {"INDEX_KIND_EXACT", "INDEX_KIND_HNSW", "INDEX_KIND_QDRANT"})
    void createFillAndSearchEachKind(IndexKind kind) {
        String name = "grpc-" + kind.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        Messages.dropIfPresent(stub, name);
        Random rnd = new Random(21);
        float[][] rows = BruteForce.integerVectors(rnd, COUNT, DIM);
        String[] ids = BruteForce.shuffledIds(rnd, COUNT);
        String[] langs = new String[COUNT];
        for (int i = 0; i < COUNT; i++) {
            langs[i] = List.of("en", "de", "fr", "es", "zh").get(i % 5);
        }
        String fingerprint = "dense;model=m;kind=" + kind.name() + ";ids=sha256:" + "ab".repeat(32);
        CollectionInfo created = stub.createCollection(Messages.create(name, DIM, kind).toBuilder().setFingerprint(fingerprint).build());
        assertThat(created.getKind()).isEqualTo(kind);
        assertThat(created.getFingerprint()).isEqualTo(fingerprint);
        assertThat(stub.upsert(Messages.upsert(name, rows, ids, langs)).getCount()).isEqualTo(COUNT);
        CollectionInfo described = stub.describeCollection(DescribeCollectionRequest.newBuilder().setName(name).build());
        assertThat(described.getCount()).isEqualTo(COUNT);
        assertThat(described.getFingerprint()).isEqualTo(fingerprint);
        // sizes (the report's "Efficiency"): 600 vectors of 24 floats are 57,600 bytes, which the exact store's segment
        // file and array and HNSW's .vec file hold at least; a Qdrant collection cannot tell (0)
        long vectorBytes = (long) COUNT * DIM * Float.BYTES;
        if (kind == IndexKind.INDEX_KIND_QDRANT) {
            assertThat(described.getDiskBytes()).isZero();
            assertThat(described.getMemoryBytes()).isZero();
        } else {
            assertThat(described.getDiskBytes()).isGreaterThanOrEqualTo(vectorBytes);
            assertThat(described.getMemoryBytes()).isGreaterThanOrEqualTo(vectorBytes);
        }

        float[][] queries = BruteForce.integerVectors(rnd, 6, DIM);
        SearchBatchRequest.Builder batch = SearchBatchRequest.newBuilder().setCollection(name).setTopN(50).setHnswEf(600);
        for (float[] q : queries) {
            batch.addQueries(Messages.query(q));
        }
        SearchBatchResponse response = stub.searchBatch(batch.build());
        assertThat(response.getResultsCount()).isEqualTo(queries.length);
        for (int q = 0; q < queries.length; q++) {
            List<String> expected = BruteForce.rank(rows, ids, queries[q], 50, r -> true).stream()
                    .map(BruteForce.Scored::id).toList();
            List<String> got = response.getResults(q).getHitsList().stream().map(Hit::getDocId).toList();
            if (kind == IndexKind.INDEX_KIND_EXACT) {
                assertThat(got).as("exact, query %d", q).containsExactlyElementsOf(expected);
            } else {
                // approximate (HNSW) or tie-cut (Qdrant limit) lists: most of the true top 50, in score order
                assertThat(got).hasSize(50);
                assertThat(got.stream().filter(expected::contains).count()).isGreaterThanOrEqualTo(40);
            }
        }

        SearchResponse filtered = stub.search(SearchRequest.newBuilder().setCollection(name).setTopN(20)
                .addAllVector(Messages.boxed(queries[0])).setHnswEf(600)
                .setFilter(Filter.newBuilder().addLangs("zh").addLangs("fr")).build());
        assertThat(filtered.getHitsList()).hasSize(20).allSatisfy(h -> assertThat(h.getLang()).isIn("zh", "fr"));
    }

    @Test
    void bm25FindsDocumentsInEachOfTheFiveLanguages() {
        String name = "grpc-bm25";
        Messages.dropIfPresent(stub, name);
        stub.createCollection(Messages.create(name, 0, IndexKind.INDEX_KIND_BM25));
        String[][] docs = {
                {"en-1", "en", "The committee approved the new railway stations."},
                {"de-1", "de", "Die Regierung baute neue Brücken über den Rhein."},
                {"fr-1", "fr", "Les chercheurs ont publié leurs découvertes."},
                {"es-1", "es", "Las ciudades costeras atraen a muchos turistas."},
                {"zh-1", "zh", "长城是中国古代的军事工程。"}};
        IndexTextsRequest.Builder req = IndexTextsRequest.newBuilder().setCollection(name);
        for (String[] d : docs) {
            req.addDocuments(TextDocument.newBuilder().setText(d[2])
                    .setPayload(Payload.newBuilder().setDocId(d[0]).setLang(d[1]).setFamily("f")));
        }
        assertThat(stub.indexTexts(req.build()).getCount()).isEqualTo(5);
        // a BM25 index is searched through memory-mapped files: resident = its size on disk, which holds the texts' terms
        CollectionInfo bm25 = stub.describeCollection(DescribeCollectionRequest.newBuilder().setName(name).build());
        assertThat(bm25.getDiskBytes()).isPositive();
        assertThat(bm25.getMemoryBytes()).isEqualTo(bm25.getDiskBytes());
        String[][] queries = {{"en", "railway station", "en-1"}, {"de", "Brücke", "de-1"},
                {"fr", "découverte publiée", "fr-1"}, {"es", "ciudad costera", "es-1"}, {"zh", "长城", "zh-1"}};
        for (String[] q : queries) {
            SearchResponse r = stub.searchText(SearchTextRequest.newBuilder().setCollection(name)
                    .setLang(q[0]).setText(q[1]).setTopN(3).build());
            assertThat(r.getHitsList()).as(q[1]).extracting(Hit::getDocId).containsExactly(q[2]);
        }
        // the same five in one batch: answered in order, each as alone
        SearchTextBatchRequest.Builder batch = SearchTextBatchRequest.newBuilder().setCollection(name).setTopN(3);
        for (String[] q : queries) {
            batch.addQueries(TextQuery.newBuilder().setLang(q[0]).setText(q[1]));
        }
        SearchBatchResponse answers = stub.searchTextBatch(batch.build());
        assertThat(answers.getResultsList()).hasSize(5);
        for (int i = 0; i < queries.length; i++) {
            assertThat(answers.getResults(i).getHitsList()).as(queries[i][1]).extracting(Hit::getDocId).containsExactly(queries[i][2]);
            assertThat(answers.getResults(i).getHits(0).getLang()).isEqualTo(queries[i][0]);
        }
        // "Brücken" asked in English: the English analyzer keeps "brücken", the German field holds the stem "brück";
        // the plain chain (no stemming) holds "brücken" itself
        assertThat(stub.searchText(SearchTextRequest.newBuilder().setCollection(name).setLang("en").setText("Brücken")
                .setTopN(3).build()).getHitsList()).isEmpty();
        assertThat(stub.searchText(SearchTextRequest.newBuilder().setCollection(name).setLang("en").setText("Brücken")
                .setTopN(3).setChain(LexicalChain.LEXICAL_CHAIN_PLAIN).build()).getHitsList())
                .extracting(Hit::getDocId).containsExactly("de-1");
        assertStatus(() -> stub.searchTextBatch(SearchTextBatchRequest.newBuilder().setCollection(name).setTopN(3)
                .addQueries(TextQuery.newBuilder().setLang("en").setText("railway"))
                .addQueries(TextQuery.newBuilder().setText("railway")).build()),
                Status.Code.INVALID_ARGUMENT, "lang of query 1 must be given");
    }

    @Test
    void errorsAreStatusCodesWithDescriptions() {
        String name = "grpc-errors";
        Messages.dropIfPresent(stub, name);
        stub.createCollection(Messages.create(name, 3, IndexKind.INDEX_KIND_EXACT));

        assertStatus(() -> stub.describeCollection(DescribeCollectionRequest.newBuilder().setName("nope").build()),
                Status.Code.NOT_FOUND, "unknown collection 'nope'");
        assertStatus(() -> stub.createCollection(Messages.create(name, 3, IndexKind.INDEX_KIND_EXACT)),
                Status.Code.ALREADY_EXISTS, "already exists");
        assertStatus(() -> stub.upsert(Messages.upsert(name, new float[][] {{1, 2}}, new String[] {"a"}, new String[] {"en"})),
                Status.Code.INVALID_ARGUMENT, "dimension mismatch");
        assertStatus(() -> stub.search(SearchRequest.newBuilder().setCollection(name).setTopN(5)
                .addAllVector(List.of(1f, 2f)).build()), Status.Code.INVALID_ARGUMENT, "dimension mismatch");
        assertStatus(() -> stub.search(SearchRequest.newBuilder().setCollection(name).setTopN(1001)
                .addAllVector(List.of(1f, 2f, 3f)).build()), Status.Code.INVALID_ARGUMENT, "top_n must be in [1, 1000]");
        assertStatus(() -> stub.search(SearchRequest.newBuilder().setCollection(name).setTopN(0)
                .addAllVector(List.of(1f, 2f, 3f)).build()), Status.Code.INVALID_ARGUMENT, "was 0");
        Messages.dropIfPresent(stub, "grpc-bm25-only");
        stub.createCollection(Messages.create("grpc-bm25-only", 0, IndexKind.INDEX_KIND_BM25));
        assertStatus(() -> stub.search(SearchRequest.newBuilder().setCollection("grpc-bm25-only").setTopN(1)
                .addAllVector(List.of(1f)).build()), Status.Code.FAILED_PRECONDITION, "holds no vectors");
    }

    private static void assertStatus(Runnable call, Status.Code code, String description) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class, e -> {
            assertThat(e.getStatus().getCode()).isEqualTo(code);
            assertThat(e.getStatus().getDescription()).contains(description);
        });
    }
}
