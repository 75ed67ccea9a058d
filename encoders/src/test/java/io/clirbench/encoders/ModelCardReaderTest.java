package io.clirbench.encoders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class ModelCardReaderTest {

    static final String MINIMAL = """
            {"id": "m", "languages": ["en"], "onnx": "m.onnx", "tokenizer": "t.json", "dimension": 8, "pooling": "mean" %s}
            """;

    static ModelCard parse(String extra) {
        return ModelCardReader.parse("cards/m.json", MINIMAL.formatted(extra).getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"all-minilm-l6-v2", "e5-small-v2-q", "bge-small-en-v1.5-q", "bge-small-zh-v1.5-q"})
    void everyBuiltInCardReadsAndItsFilesAreOnTheClasspath(String id) throws IOException {
        ModelCard card = ModelCardReader.read("classpath:models/" + id + ".json");
        assertThat(card.id()).isEqualTo(id);
        assertThat(card.languages()).doesNotContain("multilingual").hasSize(1);
        assertThat(card.description()).containsAnyOf("English only", "Chinese only");
        for (String file : new String[] {card.onnx(), card.tokenizer()}) {
            try (InputStream in = ModelFiles.open(file, card.source())) {
                assertThat(in.read()).isNotNegative();
            }
        }
        assertThat(card.batchInvariant()).isEqualTo(card.quantization().equals("fp32"));
    }

    static Stream<Path> studyCards() throws IOException {
        Path dir = Path.of(System.getProperty("project.root", ".."), "encoders", "model-cards");
        return Files.list(dir).filter(p -> p.toString().endsWith(".json")).sorted();
    }

    @ParameterizedTest
    @MethodSource("studyCards")
    void everyStudyFamilyCardIsValid(Path file) {
        ModelCard card = ModelCardReader.read(file);
        assertThat(file.getFileName().toString()).isEqualTo(card.id() + ".json");
        assertThat(card.languages()).containsExactly("multilingual");
        assertThat(card.apply(Role.QUERY, "x")).contains("x");
    }

    @Test
    void studyCardsCoverEveryPoolingKind() throws IOException {
        assertThat(studyCards().map(ModelCardReader::read).map(ModelCard::pooling).distinct())
                .containsExactlyInAnyOrder(Pooling.values());
        ModelCard qwen = ModelCardReader.read(studyCards().filter(p -> p.toString().contains("qwen3")).findFirst().orElseThrow());
        assertThat(qwen.padding()).isEqualTo(ModelCard.PaddingSide.LEFT);
        assertThat(qwen.apply(Role.QUERY, "what is a catalyst?")).endsWith("\nQuery:what is a catalyst?");
        assertThat(qwen.apply(Role.DOCUMENT, "A catalyst ...")).isEqualTo("A catalyst ...");
    }

    @Test
    void defaultsAndTemplates() {
        ModelCard card = parse(", \"query\": {\"prefix\": \"query: \"}, \"lowercase\": true");
        assertThat(card.outputDimension()).isEqualTo(8);
        assertThat(card.maxTokens()).isEqualTo(512);
        assertThat(card.normalize()).isTrue();
        assertThat(card.truncate()).isTrue();
        assertThat(card.padding()).isEqualTo(ModelCard.PaddingSide.RIGHT);
        assertThat(card.apply(Role.QUERY, "Ünïcode TEXT")).isEqualTo("query: ünïcode text");
        assertThat(card.apply(Role.DOCUMENT, "Doc")).isEqualTo("doc");
    }

    @Test
    void errorsNameTheCardAndTheField() {
        assertError(", \"colour\": 1", "cards/m.json: field 'colour' is unknown");
        assertError(", \"outputDimension\": 16", "cards/m.json: field 'outputDimension' is 16, above dimension 8");
        assertError(", \"maxTokens\": -1", "field 'maxTokens' must be a positive integer");
        assertError(", \"padding\": \"up\"", "field 'padding' must be \"left\" or \"right\"");
        assertError(", \"query\": {\"template\": \"no placeholder\"}", "field 'query.template' must contain {text} exactly once");
        assertError(", \"query\": {\"prefix\": \"a\", \"template\": \"{text}\"}", "field 'query' must hold exactly one of");
        assertError(", \"normalize\": \"yes\"", "field 'normalize' must be true or false");
        assertThatThrownBy(() -> ModelCardReader.parse("cards/m.json",
                "{\"id\": \"m\", \"languages\": [\"en\"], \"onnx\": \"m\", \"tokenizer\": \"t\", \"dimension\": 8, \"pooling\": \"tensor\"}".getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("field 'output' is required with pooling 'tensor'");
        assertThatThrownBy(() -> ModelCardReader.parse("cards/m.json",
                "{\"id\": \"m\", \"languages\": [\"en\"], \"onnx\": \"m\", \"tokenizer\": \"t\", \"pooling\": \"max\", \"dimension\": 8}".getBytes(StandardCharsets.UTF_8)))
                .hasMessageContaining("cards/m.json: field 'pooling' 'max' is not one of");
        assertThatThrownBy(() -> ModelCardReader.parse("cards/m.json", "{\"id\": ".getBytes(StandardCharsets.UTF_8)))
                .hasMessageStartingWith("cards/m.json: not valid JSON");
        assertThatThrownBy(() -> ModelCardReader.read("classpath:models/none.json"))
                .hasMessageContaining("classpath:models/none.json: cannot read model card");
    }

    @Test
    void aMissingRequiredFieldIsNamed() {
        assertThatThrownBy(() -> ModelCardReader.parse("x.json", "{\"id\": \"m\"}".getBytes(StandardCharsets.UTF_8)))
                .hasMessage("x.json: field 'dimension' is required (a positive integer)");
    }

    @Test
    void aCardWhoseOnnxFileIsMissingNamesIt(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path card = dir.resolve("model.json");
        Files.writeString(card, MINIMAL.formatted(""));
        Files.copy(Path.of("target/classes/models/all-minilm-l6-v2.json"), dir.resolve("t.json"));
        ModelCard read = ModelCardReader.read(card);
        assertThatThrownBy(() -> OnnxEncoder.load(read, 1, "cpu"))
                .hasMessageContaining(card + ": field 'onnx'").hasMessageContaining("m.onnx");
    }

    static final String CROSS = """
            {"kind": "cross-encoder", "id": "r", "languages": ["multilingual"], "onnx": "r.onnx", "tokenizer": "t.json" %s}
            """;

    @Test
    void aCrossEncoderCardScoresPairs() {
        ModelCard card = ModelCardReader.parse("cards/r.json", CROSS.formatted(", \"query\": {\"prefix\": \"Q: \"}").getBytes(StandardCharsets.UTF_8));
        assertThat(card.kind()).isEqualTo(ModelCard.Kind.CROSS_ENCODER);
        assertThat(card.crossEncoder()).isTrue();
        assertThat(card.pooling()).isEqualTo(Pooling.TENSOR);
        assertThat(card.output()).isNull();            // the graph's first output
        assertThat(card.outputDimension()).isEqualTo(1);
        assertThat(card.normalize()).isFalse();
        assertThat(card.apply(Role.QUERY, "x")).isEqualTo("Q: x");
        assertThat(parse("").kind()).isEqualTo(ModelCard.Kind.BI_ENCODER);
    }

    @ParameterizedTest
    @ValueSource(strings = {"dimension\": 8", "pooling\": \"cls\"", "normalize\": true", "outputDimension\": 8", "adapters\": {}"})
    void aCrossEncoderCardRefusesVectorFields(String field) {
        assertThatThrownBy(() -> ModelCardReader.parse("cards/r.json", CROSS.formatted(", \"" + field).getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(ModelCardException.class)
                .hasMessageContaining("cards/r.json: field '" + field.substring(0, field.indexOf('"')) + "' is not used by a cross-encoder");
    }

    @Test
    void anUnknownKindIsNamed() {
        assertError(", \"kind\": \"reranker\"", "cards/m.json: field 'kind' must be \"bi-encoder\", \"cross-encoder\", \"static\" or \"remote\", found \"reranker\"");
    }

    private static void assertError(String extra, String message) {
        assertThatThrownBy(() -> parse(extra)).isInstanceOf(ModelCardException.class).hasMessageContaining(message);
    }
}
