package io.clirbench.gateway.peers;

import io.clirbench.proto.index.v1.*;
import io.clirbench.lexical.LexicalDocument;
import io.clirbench.lexical.LexicalFilter;
import io.clirbench.lexical.LexicalHit;
import io.clirbench.lexical.LexicalIndex;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Test peer: a tiny exact vector store in maps, and for the text searches the index-service's own BM25 engine (the
 * lexical module's {@link LexicalIndex}, in memory). Ranking: score desc, doc id asc.
 */
public final class FakeIndex extends IndexServiceGrpc.IndexServiceImplBase {

    private record Coll(CreateCollectionRequest spec, Map<String, float[]> vectors, Map<String, Payload> payloads,
                        Map<String, String> texts) {
    }

    private record Scored(Payload p, double score) {
    }

    private final Map<String, Coll> collections = new ConcurrentHashMap<>();
    private final Map<String, LexicalIndex> lexical = new ConcurrentHashMap<>();

    @Override
    public void createCollection(CreateCollectionRequest r, StreamObserver<CollectionInfo> out) {
        if (collections.putIfAbsent(r.getName(), new Coll(r, new LinkedHashMap<>(), new LinkedHashMap<>(),
                new LinkedHashMap<>())) != null) {
            out.onError(Status.ALREADY_EXISTS.withDescription(r.getName()).asRuntimeException());
            return;
        }
        reply(out, info(collections.get(r.getName())));
    }

    @Override
    public void dropCollection(DropCollectionRequest r, StreamObserver<DropCollectionResponse> out) {
        LexicalIndex index = lexical.remove(r.getName());
        if (index != null) {
            index.close();
        }
        reply(out, DropCollectionResponse.newBuilder().setDropped(collections.remove(r.getName()) != null).build());
    }

    @Override
    public void describeCollection(DescribeCollectionRequest r, StreamObserver<CollectionInfo> out) {
        Coll c = collections.get(r.getName());
        if (c == null) {
            out.onError(Status.NOT_FOUND.withDescription(r.getName()).asRuntimeException());
            return;
        }
        reply(out, info(c));
    }

    @Override
    public synchronized void upsert(UpsertRequest r, StreamObserver<UpsertResponse> out) {
        Coll c = collections.get(r.getCollection());
        for (Point p : r.getPointsList()) {
            float[] v = new float[p.getVectorCount()];
            for (int i = 0; i < v.length; i++) {
                v[i] = p.getVector(i);
            }
            c.vectors().put(p.getPayload().getDocId(), v);
            c.payloads().put(p.getPayload().getDocId(), p.getPayload());
        }
        reply(out, UpsertResponse.newBuilder().setCount(c.vectors().size()).build());
    }

    @Override
    public void searchBatch(SearchBatchRequest r, StreamObserver<SearchBatchResponse> out) {
        Coll c = collections.get(r.getCollection());
        SearchBatchResponse.Builder b = SearchBatchResponse.newBuilder();
        for (QueryVector q : r.getQueriesList()) {
            List<Scored> scored = new ArrayList<>();
            c.vectors().forEach((id, v) -> {
                double s = 0;
                for (int i = 0; i < v.length; i++) {
                    s += v[i] * q.getValues(i);
                }
                scored.add(new Scored(c.payloads().get(id), s));
            });
            b.addResults(top(scored, r.getTopN()));
        }
        reply(out, b.build());
    }

    @Override
    public synchronized void indexTexts(IndexTextsRequest r, StreamObserver<IndexTextsResponse> out) {
        Coll c = collections.get(r.getCollection());
        List<LexicalDocument> docs = new ArrayList<>();
        for (TextDocument d : r.getDocumentsList()) {
            c.texts().put(d.getPayload().getDocId(), d.getText());
            c.payloads().put(d.getPayload().getDocId(), d.getPayload());
            docs.add(new LexicalDocument(d.getPayload().getDocId(), d.getPayload().getLang(), d.getPayload().getFamily(), d.getText()));
        }
        lexical.computeIfAbsent(r.getCollection(), LexicalIndex::inMemory).index(docs);
        reply(out, IndexTextsResponse.newBuilder().setCount(c.texts().size()).build());
    }

    @Override
    public void searchText(SearchTextRequest r, StreamObserver<SearchResponse> out) {
        reply(out, bm25(r.getCollection(), r.getText(), r.getLang(), r.getTopN(), r.getFilter(), r.getChain()));
    }

    @Override
    public void searchTextBatch(SearchTextBatchRequest r, StreamObserver<SearchBatchResponse> out) {
        SearchBatchResponse.Builder b = SearchBatchResponse.newBuilder();
        r.getQueriesList().forEach(q -> b.addResults(bm25(r.getCollection(), q.getText(), q.getLang(), r.getTopN(),
                r.getFilter(), r.getChain())));
        reply(out, b.build());
    }

    private SearchResponse bm25(String collection, String text, String lang, int n, Filter filter, LexicalChain chain) {
        LexicalIndex index = lexical.get(collection);
        SearchResponse.Builder b = SearchResponse.newBuilder();
        if (index == null) {
            return b.build();
        }
        io.clirbench.lexical.LexicalChain c = switch (chain) {
            case LEXICAL_CHAIN_PLAIN -> io.clirbench.lexical.LexicalChain.PLAIN;
            case LEXICAL_CHAIN_STEM_PLAIN -> io.clirbench.lexical.LexicalChain.STEM_PLAIN;
            default -> io.clirbench.lexical.LexicalChain.STEM;
        };
        for (LexicalHit h : index.search(c, text, lang, n, new LexicalFilter(Set.copyOf(filter.getLangsList()),
                Set.copyOf(filter.getFamiliesList())))) {
            b.addHits(Hit.newBuilder().setDocId(h.docId()).setScore(h.score()).setLang(h.lang()).setFamily(h.family()));
        }
        return b.build();
    }

    private static SearchResponse top(List<Scored> scored, int n) {
        scored.sort(Comparator.comparingDouble(Scored::score).reversed().thenComparing(s -> s.p().getDocId()));
        SearchResponse.Builder b = SearchResponse.newBuilder();
        scored.stream().limit(n).forEach(s -> b.addHits(Hit.newBuilder().setDocId(s.p().getDocId())
                .setScore((float) s.score()).setLang(s.p().getLang()).setFamily(s.p().getFamily())));
        return b.build();
    }

    private static CollectionInfo info(Coll c) {
        return CollectionInfo.newBuilder().setName(c.spec().getName()).setDimension(c.spec().getDimension())
                .setMetric(c.spec().getMetric()).setKind(c.spec().getKind()).setCount(c.vectors().size())
                .setTextCount(c.texts().size()).setFingerprint(c.spec().getFingerprint())
                // made-up sizes a test can predict: 1,000 bytes on disk a vector and 100 a text; in memory 4 a float
                .setDiskBytes(1000L * c.vectors().size() + 100L * c.texts().size())
                .setMemoryBytes(4L * c.spec().getDimension() * c.vectors().size() + 100L * c.texts().size()).build();
    }

    private static <T> void reply(StreamObserver<T> out, T value) {
        out.onNext(value);
        out.onCompleted();
    }
}
