package io.clirbench.index.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.index.search.BruteForce;
import io.clirbench.proto.index.v1.DescribeCollectionRequest;
import io.clirbench.proto.index.v1.Hit;
import io.clirbench.proto.index.v1.IndexKind;
import io.clirbench.proto.index.v1.SearchRequest;
import io.clirbench.proto.index.v1.SearchTextRequest;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import org.junit.jupiter.api.Test;

/** After a restart of the application on the same data directory, every collection answers as before. */
@QuarkusTest
@TestProfile(PersistedData.RestartProfile.class)
@WithTestResource(ContractQdrantResource.class)
class PersistenceRestartTest {

    @Test
    void collectionsOfEachKindSurviveTheRestart() throws Exception {
        PersistedData data = new PersistedData();
        try (IndexChannel channel = new IndexChannel()) {
            var stub = channel.stub();
            for (IndexKind kind : PersistedData.VECTOR_KINDS) {
                String name = PersistedData.name(kind);
                var info = stub.describeCollection(DescribeCollectionRequest.newBuilder().setName(name).build());
                assertThat(info.getKind()).isEqualTo(kind);
                assertThat(info.getDimension()).isEqualTo(PersistedData.DIM);
                assertThat(info.getCount()).as(name).isEqualTo(PersistedData.COUNT);
                for (float[] q : data.queries) {
                    List<String> got = stub.search(SearchRequest.newBuilder().setCollection(name).setTopN(10)
                            .setHnswEf(400).addAllVector(Messages.boxed(q)).build())
                            .getHitsList().stream().map(Hit::getDocId).toList();
                    List<String> expected = BruteForce.rank(data.rows, data.ids, q, 10, r -> true).stream()
                            .map(BruteForce.Scored::id).toList();
                    if (kind == IndexKind.INDEX_KIND_EXACT) {
                        assertThat(got).containsExactlyElementsOf(expected);
                    } else {
                        assertThat(got.stream().filter(expected::contains).count()).as(name).isGreaterThanOrEqualTo(7);
                    }
                }
            }
            var hits = stub.searchText(SearchTextRequest.newBuilder().setCollection(PersistedData.BM25)
                    .setLang("de").setText("Wald").setTopN(5).build()).getHitsList();
            assertThat(hits).extracting(Hit::getDocId).containsExactly("de-forest");
        }
    }
}
