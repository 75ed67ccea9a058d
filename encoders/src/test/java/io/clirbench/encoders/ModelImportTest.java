package io.clirbench.encoders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench model add}'s import on a synthetic sentence-transformers export built around the built-in
 * e5-small-v2-q files (the ONNX graph and tokenizer of the langchain4j jar, and the files sentence-transformers
 * writes for intfloat/e5-small-v2: Transformer + mean Pooling + Normalize, prompts "query: " / "passage: ",
 * max_seq_length 512): the probe's vectors equal langchain4j's e5-small-v2-q model for the same prefixed text.
 */
class ModelImportTest {

    static final String PROBE = "How many people live in Berlin?";

    @TempDir
    Path tmp;

    static Path export(Path dir) throws IOException {
        Files.createDirectories(dir.resolve("1_Pooling"));
        copy("e5-small-v2-q.onnx", dir.resolve("model.onnx"));
        copy("e5-small-v2-q-tokenizer.json", dir.resolve("tokenizer.json"));
        Files.writeString(dir.resolve("modules.json"), """
                [{"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
                 {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
                 {"idx": 2, "name": "2", "path": "2_Normalize", "type": "sentence_transformers.models.Normalize"}]
                """);
        Files.writeString(dir.resolve("1_Pooling/config.json"), """
                {"word_embedding_dimension": 384, "pooling_mode_cls_token": false, "pooling_mode_mean_tokens": true,
                 "pooling_mode_max_tokens": false, "pooling_mode_mean_sqrt_len_tokens": false,
                 "pooling_mode_weightedmean_tokens": false, "pooling_mode_lasttoken": false, "include_prompt": true}
                """);
        Files.writeString(dir.resolve("sentence_bert_config.json"), "{\"max_seq_length\": 512, \"do_lower_case\": false}\n");
        Files.writeString(dir.resolve("config_sentence_transformers.json"), """
                {"__version__": {"sentence_transformers": "3.3.1"}, "prompts": {"query": "query: ", "document": "passage: "},
                 "default_prompt_name": null, "similarity_fn_name": "cosine"}
                """);
        return dir;
    }

    @Test
    void theProbeEmbedsLikeTheBuiltInModel() throws Exception {
        Path dir = export(tmp.resolve("e5-export"));
        Path stackCard = tmp.resolve("state/models/e5-export/model.json");
        ModelImport.Result r = ModelImport.run(dir, "e5-export", List.of("en"), stackCard, PROBE);

        ReferenceModel e5 = ReferenceModel.E5_SMALL_V2_Q;
        assertThat(ReferenceModel.maxAbsDiff(r.queryVector(), e5.embed(Role.QUERY, PROBE))).isLessThan(ReferenceModel.TOLERANCE);
        assertThat(ReferenceModel.maxAbsDiff(r.documentVector(), e5.embed(Role.DOCUMENT, PROBE))).isLessThan(ReferenceModel.TOLERANCE);

        ModelCard card = r.validated();
        assertThat(card.id()).isEqualTo("e5-export");
        assertThat(card.pooling()).isEqualTo(Pooling.MEAN);
        assertThat(card.normalize()).isTrue();
        assertThat(card.dimension()).isEqualTo(384);
        assertThat(card.maxTokens()).isEqualTo(512);
        assertThat(card.queryTemplate()).isEqualTo("query: {text}");
        assertThat(card.documentTemplate()).isEqualTo("passage: {text}");
        // the card beside the weights has paths relative to it, and reads as a card too
        assertThat(Files.readString(r.dirCard())).contains("\"onnx\" : \"model.onnx\"");
        assertThat(ModelCardReader.read(r.dirCard()).queryTemplate()).isEqualTo("query: {text}");
        assertThat(Files.readString(stackCard)).contains(dir.resolve("model.onnx").toAbsolutePath().toString());
    }

    @Test
    void badExportsNameTheFileAndTheField() throws Exception {
        Path dir = export(tmp.resolve("bad"));
        Files.delete(dir.resolve("modules.json"));
        assertError(dir, dir.resolve("modules.json") + ": missing");

        dir = export(tmp.resolve("max"));
        Files.writeString(dir.resolve("1_Pooling/config.json"), "{\"word_embedding_dimension\": 384, \"pooling_mode_max_tokens\": true}");
        assertError(dir, dir.resolve("1_Pooling/config.json") + ": field 'pooling_mode_max_tokens' is not a pooling the embedder runs");

        dir = export(tmp.resolve("dense"));
        Files.writeString(dir.resolve("modules.json"), """
                [{"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
                 {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"},
                 {"idx": 2, "name": "2", "path": "2_Dense", "type": "sentence_transformers.models.Dense"}]
                """);
        assertError(dir, dir.resolve("modules.json") + ": module [2] sentence_transformers.models.Dense runs after pooling");

        dir = export(tmp.resolve("prompt"));
        Files.writeString(dir.resolve("config_sentence_transformers.json"), "{\"prompts\": {\"query\": \"q: \"}, \"default_prompt_name\": \"search\"}");
        assertError(dir, dir.resolve("config_sentence_transformers.json") + ": field 'default_prompt_name' names 'search'");

        dir = export(tmp.resolve("length"));
        Files.writeString(dir.resolve("sentence_bert_config.json"), "{\"max_seq_length\": \"long\"}");
        assertError(dir, dir.resolve("sentence_bert_config.json") + ": field 'max_seq_length' must be a positive integer");
    }

    private void assertError(Path dir, String message) {
        assertThatThrownBy(() -> ModelImport.run(dir, "m", List.of("en"), tmp.resolve("out/model.json"), PROBE))
                .isInstanceOf(ModelCardException.class).hasMessageContaining(message);
    }

    private static void copy(String resource, Path target) throws IOException {
        try (InputStream in = ModelImportTest.class.getClassLoader().getResourceAsStream(resource)) {
            Files.copy(in, target);
        }
    }
}
