package io.clirbench.embedder.encoder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallzhv15q.BgeSmallZhV15QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.e5smallv2q.E5SmallV2QuantizedEmbeddingModel;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The encoder pipeline (tokenizer, padded batch, pooling, normalisation) against an
 * independent implementation: langchain4j's in-process model class for the same ONNX file,
 * which embeds one text at a time without padding. Tolerance 1e-5 per component.
 */
class ReferenceVectorsTest {

    static final double TOLERANCE = 1e-5;

    static final List<String> ENGLISH = List.of(
            "How many points did the Panthers defense surrender?",
            "The Panthers defense gave up just 308 points, ranking sixth in the league, while also leading"
                    + " the NFL in interceptions with 24 and boasting four Pro Bowl selections.",
            "Tesla was born in Smiljan.",
            "Photosynthesis converts light energy into chemical energy stored in glucose.");

    static final List<String> CHINESE = List.of(
            "黑豹队的防守丢了多少分？",
            "黑豹队的防守只丢了 308 分，在联赛中排名第六，同时以 24 次抄截领先全联盟。",
            "特斯拉出生在斯米良。",
            "光合作用将光能转化为储存在葡萄糖中的化学能。");

    /**
     * The input each model was trained with, written out here rather than taken from the card
     * (the code under test), so that a wrong template in a card fails this test. From the model
     * cards: all-MiniLM-L6-v2 uses no prefix; intfloat/e5-small-v2 wants "query: " and
     * "passage: "; BAAI/bge-*-v1.5 add a query instruction for short-query-to-passage retrieval
     * ("Represent this sentence for searching relevant passages: " in English,
     * "为这个句子生成表示以用于检索相关文章：" with a full-width colon in Chinese) and nothing to passages.
     */
    record Prefixes(String query, String document) {
        String of(Role role) {
            return role == Role.QUERY ? query : document;
        }
    }

    static Stream<Arguments> models() {
        return Stream.of(
                Arguments.of("all-minilm-l6-v2", ENGLISH, new Prefixes("", ""),
                        (Supplier<EmbeddingModel>) AllMiniLmL6V2EmbeddingModel::new),
                Arguments.of("e5-small-v2-q", ENGLISH, new Prefixes("query: ", "passage: "),
                        (Supplier<EmbeddingModel>) E5SmallV2QuantizedEmbeddingModel::new),
                Arguments.of("bge-small-en-v1.5-q", ENGLISH, new Prefixes("Represent this sentence for searching relevant passages: ", ""),
                        (Supplier<EmbeddingModel>) BgeSmallEnV15QuantizedEmbeddingModel::new),
                Arguments.of("bge-small-zh-v1.5-q", CHINESE, new Prefixes("\u4e3a\u8fd9\u4e2a\u53e5\u5b50\u751f\u6210\u8868\u793a"
                                + "\u4ee5\u7528\u4e8e\u68c0\u7d22\u76f8\u5173\u6587\u7ae0\uff1a", ""),
                        (Supplier<EmbeddingModel>) BgeSmallZhV15QuantizedEmbeddingModel::new));
    }

    /**
     * Why int8 cards say {@code "batchInvariant": false}: with dynamic quantisation the
     * activation scale spans the whole batch, so batching moves a vector far beyond 1e-5
     * (measured about 1e-2 per component for bge-small-en-v1.5-q).
     */
    @org.junit.jupiter.api.Test
    void dynamicallyQuantisedModelDependsOnItsBatchCompanions() throws Exception {
        ModelCard card = ModelCardReader.read("classpath:models/bge-small-en-v1.5-q.json");
        assertThat(card.batchInvariant()).isFalse();
        try (Encoder encoder = Encoder.load(card, 1, "cpu")) {
            float[] alone = encoder.embed(ENGLISH.subList(0, 1), Role.DOCUMENT, new BatchPlanner(8192, 64))[0];
            float[] batched = encoder.embed(ENGLISH, Role.DOCUMENT, new BatchPlanner(8192, 64))[0];
            assertThat(maxAbsDiff(alone, batched)).isGreaterThan(1e-4);
        }
    }

    static double maxAbsDiff(float[] a, float[] b) {
        assertThat(a).hasSameSizeAs(b);
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            max = Math.max(max, Math.abs(a[i] - b[i]));
        }
        return max;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void batchedPipelineMatchesTheReferenceModel(String id, List<String> texts, Prefixes prefixes, Supplier<EmbeddingModel> reference)
            throws Exception {
        ModelCard card = ModelCardReader.read("classpath:models/" + id + ".json");
        EmbeddingModel expected = reference.get();
        try (Encoder encoder = Encoder.load(card, 1, "cpu")) {
            for (Role role : Role.values()) {
                // one padded batch of texts of different lengths (one call per text for int8 cards)
                float[][] actual = encoder.embed(texts, role, encoder.planner(8192, 64));
                for (int i = 0; i < texts.size(); i++) {
                    String input = prefixes.of(role) + texts.get(i);
                    assertThat(card.apply(role, texts.get(i))).as("%s %s template", id, role).isEqualTo(input);
                    float[] want = expected.embed(input).content().vector();
                    assertThat(actual[i]).as("%s %s text %d", id, role, i).hasSize(card.outputDimension());
                    assertThat(maxAbsDiff(actual[i], want)).as("%s %s text %d", id, role, i).isLessThanOrEqualTo(TOLERANCE);
                }
            }
        }
    }
}
