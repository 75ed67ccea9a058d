package io.clirbench.encoders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sparse and multi-vector outputs of the tiny token model ({@code src/test/token-models/build_token_models.py tiny},
 * checked in beside the script with its cards). Expected values by hand from the script's tables:
 * <pre>
 *   token vectors: open (1, 0); the, die, das (0.6, 0.8); file (0, 1); datei (0.28, 0.96); network (0.8, 0.6);
 *                  netzwerk (0.96, 0.28); [CLS], [SEP] (0, 0)
 *   splade weights W per token: open {open .25}; file {file 1, datei .5}; datei {datei 1, file .5};
 *                  network {network 1, netzwerk .5}; netzwerk {netzwerk 1, network .5}; others none
 *   relu-max values: [CLS] 5, [SEP] 5 (special: dropped), open .25, the/die/das .1, file/datei/network/netzwerk 1
 * </pre>
 * Ids: open 4, the 5, file 6, die 7, datei 8, network 9, das 10, netzwerk 11.
 */
class TokenOutputsTest {

    private static final Path TINY = Path.of("src/test/token-models/tiny");

    @TempDir
    Path tmp;

    @Test
    void spladeWeightsAreTheMaxOfLogOnePlusReluOverPositions() throws Exception {
        try (Encoder encoder = Encoder.load(ModelCardReader.read(TINY.resolve("model.json")), 1, "cpu")) {
            // one batch, padded: "Datei" (3 tokens) beside "open the file" (5 tokens) and "file datei file" (5 tokens)
            float[][] out = encode(encoder, OutputKind.SPARSE, "Datei", "open the file", "file datei file");
            // "Datei": datei {datei 1, file .5}
            assertSparse(out[0], new int[] {6, 8}, new float[] {0.5f, 1f});
            // "open the file": open {open .25} + file {file 1, datei .5}; "the" and the specials none
            assertSparse(out[1], new int[] {4, 6, 8}, new float[] {0.25f, 1f, 0.5f});
            // "file datei file": file = max(1, .5, 1) = 1, datei = max(.5, 1, .5) = 1 (a max, not a sum)
            assertSparse(out[2], new int[] {6, 8}, new float[] {1f, 1f});
        }
    }

    @Test
    void reluMaxDropsSpecialTokensAndTakesTheMaxPerTokenId() throws Exception {
        try (Encoder encoder = Encoder.load(ModelCardReader.read(TINY.resolve("model-relu-max.json")), 1, "cpu")) {
            float[][] out = encode(encoder, OutputKind.SPARSE, "open the the file", "das");
            // [CLS] 5 and [SEP] 5 dropped; open .25, the max(.1, .1) = .1, file 1
            assertSparse(out[0], new int[] {4, 5, 6}, new float[] {0.25f, 0.1f, 1f});
            assertSparse(out[1], new int[] {10}, new float[] {0.1f});
        }
    }

    @Test
    void tokenVectorsKeepTheAttendedTokensNormalised() throws Exception {
        try (Encoder encoder = Encoder.load(ModelCardReader.read(TINY.resolve("model.json")), 1, "cpu")) {
            float[][] out = encode(encoder, OutputKind.MULTIVECTOR, "die Datei", "open the network file");
            // [CLS] (0,0), die (0.6,0.8), datei (0.28,0.96), [SEP] (0,0): padding of the shorter text dropped
            assertThat(out[0]).containsExactly(new float[] {0, 0, 0.6f, 0.8f, 0.28f, 0.96f, 0, 0}, within(1e-6f));
            assertThat(out[1]).hasSize(6 * 2);
            // the dense output of the same card: mean of the 4 rows (0.22, 0.44), normalised (1, 2)/sqrt(5)
            float[][] dense = encode(encoder, OutputKind.DENSE, "die Datei");
            assertThat(dense[0]).containsExactly(new float[] {0.4472136f, 0.8944272f}, within(1e-6f));
        }
        try (Encoder encoder = Encoder.load(ModelCardReader.read(TINY.resolve("model-relu-max.json")), 1, "cpu")) {
            // skipFirstToken: [CLS] left out
            assertThat(encode(encoder, OutputKind.MULTIVECTOR, "die Datei")[0])
                    .containsExactly(new float[] {0.6f, 0.8f, 0.28f, 0.96f, 0, 0}, within(1e-6f));
        }
    }

    @Test
    void aCardOutputTheGraphLacksIsNamed() throws Exception {
        Files.copy(TINY.resolve("model.onnx"), tmp.resolve("model.onnx"));
        Files.copy(TINY.resolve("tokenizer.json"), tmp.resolve("tokenizer.json"));
        Path card = tmp.resolve("model.json");
        Files.writeString(card, Files.readString(TINY.resolve("model.json")).replace("\"sparse_logits\"", "\"splade_logits\""));
        assertThatThrownBy(() -> Encoder.load(ModelCardReader.read(card), 1, "cpu")).isInstanceOf(ModelCardException.class)
                .hasMessageContaining("field 'sparse.output' names 'splade_logits', the model has");
        Files.writeString(card, Files.readString(TINY.resolve("model.json")).replace("\"dimension\": 2, \"normalize\"", "\"dimension\": 3, \"normalize\""));
        assertThatThrownBy(() -> Encoder.load(ModelCardReader.read(card), 1, "cpu")).isInstanceOf(ModelCardException.class)
                .hasMessageContaining("field 'multivector.dimension' is 3");
        Files.writeString(card, Files.readString(TINY.resolve("model.json")).replace("\"splade\"", "\"softplus\""));
        assertThatThrownBy(() -> ModelCardReader.read(card)).isInstanceOf(ModelCardException.class)
                .hasMessageContaining("field 'sparse.activation' must be \"splade\" or \"relu-max\", found \"softplus\"");
    }

    @Test
    void packedSparseWeightsReadBackExactly() {
        SparseWeights w = new SparseWeights(new int[] {0, 7, 250_001, 16_777_215}, new float[] {1e-30f, 0.5f, 3f, 7f});
        SparseWeights back = SparseWeights.unpack(w.pack());
        assertThat(back.ids()).containsExactly(0, 7, 250_001, 16_777_215);
        assertThat(back.weights()).containsExactly(1e-30f, 0.5f, 3f, 7f);
    }

    private static float[][] encode(Encoder encoder, OutputKind kind, String... texts) {
        List<TokenizedText> batch = java.util.Arrays.stream(texts).map(t -> encoder.tokenize(Role.DOCUMENT, t)).toList();
        return encoder.encode(batch, kind);
    }

    private static void assertSparse(float[] packed, int[] ids, float[] weights) {
        SparseWeights w = SparseWeights.unpack(packed);
        assertThat(w.ids()).containsExactly(ids);
        assertThat(w.weights()).containsExactly(weights, within(1e-6f));
    }
}
