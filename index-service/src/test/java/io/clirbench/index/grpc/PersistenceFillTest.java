package io.clirbench.index.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.proto.index.v1.IndexKind;
import io.clirbench.proto.index.v1.IndexTextsRequest;
import io.clirbench.proto.index.v1.Payload;
import io.clirbench.proto.index.v1.TextDocument;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

/** First half of the restart test: fills a collection of each kind; {@link PersistenceRestartTest} reads them back. */
@QuarkusTest
@TestProfile(PersistedData.FillProfile.class)
@WithTestResource(ContractQdrantResource.class)
class PersistenceFillTest {

    @Test
    void fillOneCollectionOfEachKind() throws Exception {
        PersistedData data = new PersistedData();
        try (IndexChannel channel = new IndexChannel()) {
            var stub = channel.stub();
            for (IndexKind kind : PersistedData.VECTOR_KINDS) {
                String name = PersistedData.name(kind);
                Messages.dropIfPresent(stub, name);
                stub.createCollection(Messages.create(name, PersistedData.DIM, kind));
                // two upserts: the exact store writes two segments
                int half = PersistedData.COUNT / 2;
                stub.upsert(Messages.upsert(name, java.util.Arrays.copyOfRange(data.rows, 0, half),
                        java.util.Arrays.copyOfRange(data.ids, 0, half), java.util.Arrays.copyOfRange(data.langs, 0, half)));
                long count = stub.upsert(Messages.upsert(name, java.util.Arrays.copyOfRange(data.rows, half, data.rows.length),
                        java.util.Arrays.copyOfRange(data.ids, half, data.ids.length),
                        java.util.Arrays.copyOfRange(data.langs, half, data.langs.length))).getCount();
                assertThat(count).isEqualTo(PersistedData.COUNT);
            }
            Messages.dropIfPresent(stub, PersistedData.BM25);
            stub.createCollection(Messages.create(PersistedData.BM25, 0, IndexKind.INDEX_KIND_BM25));
            stub.indexTexts(IndexTextsRequest.newBuilder().setCollection(PersistedData.BM25)
                    .addDocuments(TextDocument.newBuilder().setText("Die Wälder Europas wachsen wieder.")
                            .setPayload(Payload.newBuilder().setDocId("de-forest").setLang("de").setFamily("f1")))
                    .build());
        }
    }
}
