package io.clirbench.encoders;

import static io.clirbench.encoders.ReferenceModel.TOLERANCE;
import static io.clirbench.encoders.ReferenceModel.maxAbsDiff;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The encoder pipeline (tokenizer, padded batch, pooling, normalisation) against an
 * independent implementation: langchain4j's in-process model class for the same ONNX file,
 * which embeds one text at a time without padding ({@link ReferenceModel}: texts, prefixes and
 * the tolerance, 1e-5 per component, shared with the gRPC tests).
 */
class ReferenceVectorsTest {

    /**
     * Why int8 cards say {@code "batchInvariant": false}: with dynamic quantisation the
     * activation scale spans the whole batch, so batching moves a vector far beyond 1e-5
     * (measured about 1e-2 per component for bge-small-en-v1.5-q).
     */
    @Test
    void dynamicallyQuantisedModelDependsOnItsBatchCompanions() throws Exception {
        ModelCard card = ModelCardReader.read(ReferenceModel.BGE_SMALL_EN_V15_Q.card());
        List<String> texts = ReferenceModel.BGE_SMALL_EN_V15_Q.texts();
        assertThat(card.batchInvariant()).isFalse();
        try (Encoder encoder = Encoder.load(card, 1, "cpu")) {
            float[] alone = encoder.embed(texts.subList(0, 1), Role.DOCUMENT, new BatchPlanner(8192, 64))[0];
            float[] batched = encoder.embed(texts, Role.DOCUMENT, new BatchPlanner(8192, 64))[0];
            assertThat(maxAbsDiff(alone, batched)).isGreaterThan(1e-4);
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(ReferenceModel.class)
    void batchedPipelineMatchesTheReferenceModel(ReferenceModel model) throws Exception {
        ModelCard card = ModelCardReader.read(model.card());
        List<String> texts = model.texts();
        try (Encoder encoder = Encoder.load(card, 1, "cpu")) {
            for (Role role : Role.values()) {
                // one padded batch of texts of different lengths (one call per text for int8 cards)
                float[][] actual = encoder.embed(texts, role, encoder.planner(8192, 64));
                for (int i = 0; i < texts.size(); i++) {
                    String id = model.id();
                    assertThat(card.apply(role, texts.get(i))).as("%s %s template", id, role).isEqualTo(model.input(role, texts.get(i)));
                    assertThat(actual[i]).as("%s %s text %d", id, role, i).hasSize(model.dimension());
                    assertThat(maxAbsDiff(actual[i], model.embed(role, texts.get(i))))
                            .as("%s %s text %d", id, role, i).isLessThanOrEqualTo(TOLERANCE);
                }
            }
        }
    }
}
