package io.clirbench.index.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.grpc.auth.testing.ServiceTokenContract;
import io.clirbench.index.search.BruteForce;
import io.clirbench.proto.index.v1.CollectionInfo;
import io.clirbench.proto.index.v1.DescribeCollectionRequest;
import io.clirbench.proto.index.v1.DropCollectionRequest;
import io.clirbench.proto.index.v1.IndexKind;
import io.clirbench.proto.index.v1.IndexServiceGrpc;
import io.clirbench.proto.index.v1.SearchRequest;
import io.clirbench.proto.index.v1.SearchResponse;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Only callers with the service token reach the index. The reproduction of issue 12: an Upsert of
 * random vectors into an existing collection from a client without (or with a wrong) token is
 * refused, and the collection's count and search results stay what they were. Each call without (or with a
 * forged) token is grpc-auth's {@link ServiceTokenContract}, which the embedder runs too.
 */
@QuarkusTest
@WithTestResource(ContractQdrantResource.class)
class ServiceTokenTest extends ServiceTokenContract<IndexChannel> {

    private static final int COUNT = 200;
    private static final int DIM = 16;

    @Test
    void anUnauthenticatedUpsertIntoAnExistingCollectionIsRefusedAndChangesNothing() throws Exception {
        String name = "token-upsert";
        Random rnd = new Random(12);
        float[][] rows = BruteForce.integerVectors(rnd, COUNT, DIM);
        String[] ids = BruteForce.shuffledIds(rnd, COUNT);
        String[] langs = new String[COUNT];
        Arrays.fill(langs, "en");
        float[] query = BruteForce.integerVectors(rnd, 1, DIM)[0];
        try (IndexChannel trusted = new IndexChannel()) {
            IndexServiceGrpc.IndexServiceBlockingStub stub = trusted.stub();
            Messages.dropIfPresent(stub, name);
            stub.createCollection(Messages.create(name, DIM, IndexKind.INDEX_KIND_EXACT));
            stub.upsert(Messages.upsert(name, rows, ids, langs));
            SearchResponse before = stub.search(search(name, query));

            // the attacker overwrites the same doc ids with random vectors, and adds new ones
            float[][] forged = BruteForce.integerVectors(new Random(666), COUNT, DIM);
            String[] forgedIds = ids.clone();
            forgedIds[0] = "forged-extra-doc";
            for (String token : Arrays.asList(null, "", "wrong-token")) {
                try (IndexChannel attacker = new IndexChannel(token)) {
                    assertUnauthenticated(() -> attacker.stub().upsert(Messages.upsert(name, forged, forgedIds, langs)));
                }
            }

            CollectionInfo after = stub.describeCollection(DescribeCollectionRequest.newBuilder().setName(name).build());
            assertThat(after.getCount()).isEqualTo(COUNT);
            assertThat(stub.search(search(name, query))).isEqualTo(before);
            Messages.dropIfPresent(stub, name);
        }
    }

    @Test
    void everyOperationNeedsTheToken() throws Exception {
        try (IndexChannel trusted = new IndexChannel()) {
            Messages.dropIfPresent(trusted.stub(), "token-ops");
            trusted.stub().createCollection(Messages.create("token-ops", DIM, IndexKind.INDEX_KIND_EXACT));
        }
        try (IndexChannel anonymous = new IndexChannel(null)) {
            IndexServiceGrpc.IndexServiceBlockingStub stub = anonymous.stub();
            assertUnauthenticated(() -> stub.createCollection(Messages.create("token-new", DIM, IndexKind.INDEX_KIND_EXACT)));
            assertUnauthenticated(() -> stub.dropCollection(DropCollectionRequest.newBuilder().setName("token-ops").build()));
            assertUnauthenticated(() -> stub.describeCollection(DescribeCollectionRequest.newBuilder().setName("token-ops").build()));
            assertUnauthenticated(() -> stub.search(search("token-ops", new float[DIM])));
        }
        try (IndexChannel trusted = new IndexChannel()) {
            // the refused drop dropped nothing, the refused create created nothing
            assertThat(trusted.stub().describeCollection(DescribeCollectionRequest.newBuilder().setName("token-ops").build())
                    .getDimension()).isEqualTo(DIM);
            assertThat(trusted.stub().dropCollection(DropCollectionRequest.newBuilder().setName("token-new").build()).getDropped())
                    .isFalse();
            Messages.dropIfPresent(trusted.stub(), "token-ops");
        }
    }

    private static SearchRequest search(String collection, float[] query) {
        return SearchRequest.newBuilder().setCollection(collection).setTopN(20).addAllVector(Messages.boxed(query)).build();
    }

    @Override
    protected String serviceToken() {
        return IndexChannel.SERVICE_TOKEN;
    }

    @Override
    protected IndexChannel open(String token) {
        return new IndexChannel(token);
    }

    @Override
    protected Map<String, ProtectedCall<IndexChannel>> protectedCalls() {
        Map<String, ProtectedCall<IndexChannel>> calls = new LinkedHashMap<>();
        calls.put("CreateCollection", c -> c.stub().createCollection(Messages.create("token-forged", DIM, IndexKind.INDEX_KIND_EXACT)));
        calls.put("Upsert", c -> c.stub().upsert(Messages.upsert("token-forged", new float[][] {new float[DIM]}, new String[] {"d"},
                new String[] {"en"})));
        calls.put("Search", c -> c.stub().search(search("token-forged", new float[DIM])));
        calls.put("DescribeCollection", c -> c.stub().describeCollection(DescribeCollectionRequest.newBuilder().setName("token-forged").build()));
        calls.put("DropCollection", c -> c.stub().dropCollection(DropCollectionRequest.newBuilder().setName("token-forged").build()));
        return calls;
    }

    @Override
    protected void assertServed(IndexChannel c) {
        Messages.dropIfPresent(c.stub(), "token-served");
        c.stub().createCollection(Messages.create("token-served", DIM, IndexKind.INDEX_KIND_EXACT));
        assertThat(c.stub().describeCollection(DescribeCollectionRequest.newBuilder().setName("token-served").build()).getDimension())
                .isEqualTo(DIM);
        Messages.dropIfPresent(c.stub(), "token-served");
    }
}
