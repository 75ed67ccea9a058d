package io.clirbench.embedder.grpc;

import io.clirbench.encoders.ReferenceModel;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The service started with the built-in card {@code e5-small-v2-q} against langchain4j over gRPC. */
@QuarkusTest
@TestProfile(E5SmallV2QGrpcTest.Card.class)
class E5SmallV2QGrpcTest extends ReferenceVectorsGrpcTest {

    public static class Card extends CardProfile {
        public Card() {
            super(ReferenceModel.E5_SMALL_V2_Q);
        }
    }

    @Override
    ReferenceModel model() {
        return ReferenceModel.E5_SMALL_V2_Q;
    }
}
