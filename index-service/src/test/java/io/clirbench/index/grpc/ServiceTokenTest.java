package io.clirbench.index.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.index.search.BruteForce;
import io.clirbench.proto.index.v1.CollectionInfo;
import io.clirbench.proto.index.v1.DescribeCollectionRequest;
import io.clirbench.proto.index.v1.DropCollectionRequest;
import io.clirbench.proto.index.v1.IndexKind;
import io.clirbench.proto.index.v1.IndexServiceGrpc;
import io.clirbench.proto.index.v1.SearchRequest;
import io.clirbench.proto.index.v1.SearchResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Arrays;
import java.util.Random;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/**
 * Only callers with the service token reach the index. The reproduction of issue 12: an Upsert of
 * random vectors into an existing collection from a client without (or with a wrong) token is
 * refused, and the collection's count and search results stay what they were.
 */
@QuarkusTest
@WithTestResource(ContractQdrantResource.class)
class ServiceTokenTest {

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

    static void assertUnauthenticated(ThrowingCallable call) {
        assertThatThrownBy(call).isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
    }
}
