package io.clirbench.encoders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A {@code kind: static} card through the same {@link Encoder} pipeline the service runs; expected vectors in {@link TinyStaticModel}. */
class StaticModelTest {

    @TempDir
    Path tmp;

    @Test
    void aTextIsTheNormalisedMeanOfItsKnownTokens() throws Exception {
        ModelCard card = ModelCardReader.read(TinyStaticModel.write(tmp));
        assertThat(card.kind()).isEqualTo(ModelCard.Kind.STATIC);
        try (Encoder encoder = Encoder.load(card, 1, "cpu")) {
            float[][] v = encoder.embed(List.of("Open the FILE", "Datei", "nothing known"), Role.QUERY, encoder.planner(8192, 16));
            assertThat(v[0]).containsExactly(TinyStaticModel.OPEN_THE_FILE, within(1e-5f));
            assertThat(v[1]).containsExactly(new float[] {0f, 1f}, within(1e-6f));
            assertThat(v[2]).containsExactly(0f, 0f);
            assertThat(encoder.tokenize(Role.DOCUMENT, "open the file").ids()).containsExactly(2L, 0L);
        }
    }

    @Test
    void aWeightsFileOfTheWrongSizeNamesBothFiles() throws Exception {
        Path card = TinyStaticModel.write(tmp);
        Files.write(tmp.resolve("weights.f32"), new byte[20]);
        assertThatThrownBy(() -> Encoder.load(ModelCardReader.read(card), 1, "cpu")).isInstanceOf(ModelCardException.class)
                .hasMessageContaining("field 'weights' (weights.f32) holds 20 bytes, expected 24 (3 tokens of 'vocabulary.txt' x 2 float32)");
    }

    @Test
    void onnxFieldsOnAStaticCardAreRejected() throws Exception {
        Path card = TinyStaticModel.write(tmp);
        Files.writeString(card, Files.readString(card).replace("\"dimension\": 2", "\"dimension\": 2, \"onnx\": \"m.onnx\""));
        assertThatThrownBy(() -> ModelCardReader.read(card)).hasMessageContaining("field 'onnx' is not used by a static model");
    }

    @Test
    void bothRolesOfAStaticDirectoryImportLikeAnyModel() throws Exception {
        Path dir = tmp.resolve("tiny");
        TinyStaticModel.write(dir);
        Path stackCard = tmp.resolve("state/models/tiny/model.json");
        ModelImport.Result r = ModelImport.run(dir, "tiny", List.of("multilingual"), stackCard, "open the file");
        assertThat(r.queryVector()).containsExactly(TinyStaticModel.OPEN_THE_FILE, within(1e-5f));
        assertThat(r.documentVector()).containsExactly(TinyStaticModel.OPEN_THE_FILE, within(1e-5f));
        assertThat(r.validated().id()).isEqualTo("tiny");
        assertThat(r.validated().languages()).containsExactly("en", "de");
        assertThat(r.validated().weights()).isEqualTo(dir.resolve("weights.f32").toAbsolutePath().toString());
        assertThat(Files.readString(r.dirCard())).contains("\"weights\" : \"weights.f32\"").contains("\"training\"");
    }
}
