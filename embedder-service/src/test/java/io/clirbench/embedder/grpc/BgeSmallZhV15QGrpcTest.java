package io.clirbench.embedder.grpc;

import io.clirbench.encoders.ReferenceModel;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

/** The service started with the built-in card {@code bge-small-zh-v1.5-q} against langchain4j over gRPC. */
@QuarkusTest
@TestProfile(BgeSmallZhV15QGrpcTest.Card.class)
class BgeSmallZhV15QGrpcTest extends ReferenceVectorsGrpcTest {

    public static class Card extends CardProfile {
        public Card() {
            super(ReferenceModel.BGE_SMALL_ZH_V15_Q);
        }
    }

    @Override
    ReferenceModel model() {
        return ReferenceModel.BGE_SMALL_ZH_V15_Q;
    }
}
