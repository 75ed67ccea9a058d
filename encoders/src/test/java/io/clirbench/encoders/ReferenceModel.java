package io.clirbench.encoders;

import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.bgesmallzhv15q.BgeSmallZhV15QuantizedEmbeddingModel;
import dev.langchain4j.model.embedding.onnx.e5smallv2q.E5SmallV2QuantizedEmbeddingModel;
import java.util.List;
import java.util.function.Supplier;

/**
 * The independent reference for each built-in model: langchain4j's in-process model class for
 * the same ONNX file (it embeds one text at a time, without padding), the texts to check it on
 * and the input the model was trained with.
 *
 * <p>The prefixes are written out here rather than taken from the card (the code under test),
 * so that a wrong template in a card fails the tests. From the model cards: all-MiniLM-L6-v2
 * uses no prefix; intfloat/e5-small-v2 wants "query: " and "passage: "; BAAI/bge-*-v1.5 add a
 * query instruction for short-query-to-passage retrieval ("Represent this sentence for
 * searching relevant passages: " in English, "为这个句子生成表示以用于检索相关文章：" with a
 * full-width colon in Chinese) and nothing to passages. Dimensions are the models' hidden sizes
 * (384; 512 for bge-small-zh-v1.5).
 *
 * <p>Tolerance {@value #TOLERANCE} per component: both sides run the same ONNX graph on the same
 * runtime in float32 (int8 cards run one text per call, like langchain4j), so only the order of
 * float additions differs (padding, the pooling loop); vectors are L2-normalised (components at
 * most 1), so a wrong prefix, pooling or token is orders of magnitude further off.
 */
public enum ReferenceModel {

    ALL_MINILM_L6_V2("all-minilm-l6-v2", 384, Texts.ENGLISH, "", "", AllMiniLmL6V2EmbeddingModel::new),
    E5_SMALL_V2_Q("e5-small-v2-q", 384, Texts.ENGLISH, "query: ", "passage: ", E5SmallV2QuantizedEmbeddingModel::new),
    BGE_SMALL_EN_V15_Q("bge-small-en-v1.5-q", 384, Texts.ENGLISH,
            "Represent this sentence for searching relevant passages: ", "", BgeSmallEnV15QuantizedEmbeddingModel::new),
    BGE_SMALL_ZH_V15_Q("bge-small-zh-v1.5-q", 512, Texts.CHINESE,
            "\u4e3a\u8fd9\u4e2a\u53e5\u5b50\u751f\u6210\u8868\u793a\u4ee5\u7528\u4e8e\u68c0\u7d22\u76f8\u5173\u6587\u7ae0\uff1a", "",
            BgeSmallZhV15QuantizedEmbeddingModel::new);

    public static final double TOLERANCE = 1e-5;

    private final String id;
    private final int dimension;
    private final List<String> texts;
    private final String queryPrefix;
    private final String documentPrefix;
    private final Supplier<EmbeddingModel> model;
    private EmbeddingModel reference;

    ReferenceModel(String id, int dimension, List<String> texts, String queryPrefix, String documentPrefix,
            Supplier<EmbeddingModel> model) {
        this.id = id;
        this.dimension = dimension;
        this.texts = texts;
        this.queryPrefix = queryPrefix;
        this.documentPrefix = documentPrefix;
        this.model = model;
    }

    /** The model id of the built-in card ({@code classpath:models/<id>.json}). */
    public String id() {
        return id;
    }

    public String card() {
        return "classpath:models/" + id + ".json";
    }

    public int dimension() {
        return dimension;
    }

    /** A few real sentences of different lengths in the model's language. */
    public List<String> texts() {
        return texts;
    }

    /** What the model must see for a text in a role: the prefix the model was trained with, then the text. */
    public String input(Role role, String text) {
        return (role == Role.QUERY ? queryPrefix : documentPrefix) + text;
    }

    /** The reference vector of a text in a role, prefix applied. */
    public float[] embed(Role role, String text) {
        return reference().embed(input(role, text)).content().vector();
    }

    /** The langchain4j model, loaded once: it reads the ONNX file. */
    private synchronized EmbeddingModel reference() {
        if (reference == null) {
            reference = model.get();
        }
        return reference;
    }

    public static double maxAbsDiff(float[] a, float[] b) {
        if (a.length != b.length) {
            throw new AssertionError("vectors of " + a.length + " and " + b.length + " components");
        }
        double max = 0;
        for (int i = 0; i < a.length; i++) {
            max = Math.max(max, Math.abs(a[i] - b[i]));
        }
        return max;
    }

    /** Sentences from xquad-clir's first SQuAD article and two general ones, and their Chinese versions. */
    private static final class Texts {
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

        private Texts() {
        }
    }
}
