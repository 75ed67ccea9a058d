package io.clirbench.embedder.grpc;

import io.clirbench.encoders.ReferenceModel;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The service started with the built-in card {@code bge-small-en-v1.5-q} against langchain4j over gRPC. */
@QuarkusTest
@TestProfile(BgeSmallEnV15QGrpcTest.Card.class)
class BgeSmallEnV15QGrpcTest extends ReferenceVectorsGrpcTest {

    public static class Card extends CardProfile {
        public Card() {
            super(ReferenceModel.BGE_SMALL_EN_V15_Q);
        }
    }

    @Override
    ReferenceModel model() {
        return ReferenceModel.BGE_SMALL_EN_V15_Q;
    }
}
