package io.clirbench.encoders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The test cross-encoder (no trained one can be had here): {@code encoders/src/test/cross-encoder/build_pair_cosine.py}
 * turns the built-in all-MiniLM-L6-v2 ONNX file into a pair-scoring graph (encoder over the pair sequence,
 * cosine of the two segments' mean hidden states, output {@code logits} [batch, 1]), generated once per build
 * under {@code target/cross-encoder/} with its card {@code model.json}. The reference scores beside the script
 * ({@code expected-scores.json}) were computed by python onnxruntime and the python tokenizers, one unpadded
 * pair per run, independently of the Java code under test.
 */
public final class PairCosineCrossEncoder {

    public static final String ID = "minilm-pair-cosine";
    /** ORT 1.23 (Java, padded batches) against ORT 1.30 (python, one pair per run). */
    public static final double TOLERANCE = 1e-5;

    /** The script and reference scores, found from any module that runs this helper (the embedder-service's gRPC test too). */
    private static final Path SOURCES = Path.of(System.getProperty("project.root", ".."), "encoders", "src", "test", "cross-encoder");
    private static final Path DIR = Path.of("target/cross-encoder");

    /** One reference pair. */
    public record Pair(String query, String document, int tokens, double score) {
    }

    private PairCosineCrossEncoder() {
    }

    /** The card of the generated model (built on first use). */
    public static synchronized Path card() throws IOException, InterruptedException {
        Path card = DIR.resolve("model.json");
        if (Files.isRegularFile(card) && Files.isRegularFile(DIR.resolve("model.onnx"))) {
            return card.toAbsolutePath();
        }
        Files.createDirectories(DIR);
        copyResource("all-minilm-l6-v2.onnx", DIR.resolve("base.onnx"));
        copyResource("all-minilm-l6-v2-tokenizer.json", DIR.resolve("tokenizer.json"));
        Process p = new ProcessBuilder("bash", SOURCES.resolve("build.sh").toString(), DIR.resolve("base.onnx").toString(),
                DIR.resolve("model.onnx").toString()).redirectErrorStream(true).redirectOutput(DIR.resolve("build.log").toFile()).start();
        if (!p.waitFor(10, TimeUnit.MINUTES) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException("building the test cross-encoder failed: " + Files.readString(DIR.resolve("build.log")));
        }
        Files.deleteIfExists(DIR.resolve("base.onnx"));
        Files.writeString(card, """
                {
                  "kind": "cross-encoder",
                  "id": "%s",
                  "description": "test fixture: all-MiniLM-L6-v2 over the pair sequence, cosine of the segment means (not trained to re-rank)",
                  "languages": ["en"],
                  "onnx": "model.onnx",
                  "tokenizer": "tokenizer.json",
                  "maxTokens": %d,
                  "output": "logits"
                }
                """.formatted(ID, expected().maxTokens()));
        return card.toAbsolutePath();
    }

    /** The reference scores and the max length they were computed with. */
    public record Expected(int maxTokens, List<Pair> pairs) {
    }

    public static Expected expected() throws IOException {
        JsonNode root = new ObjectMapper().readTree(SOURCES.resolve("expected-scores.json").toFile());
        List<Pair> pairs = new ArrayList<>();
        for (JsonNode p : root.get("pairs")) {
            pairs.add(new Pair(p.get("query").asText(), p.get("document").asText(), p.get("tokens").asInt(), p.get("score").asDouble()));
        }
        return new Expected(root.get("maxTokens").asInt(), pairs);
    }

    private static void copyResource(String name, Path target) throws IOException {
        try (InputStream in = PairCosineCrossEncoder.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IOException("no resource " + name + " on the test classpath (the langchain4j model jar)");
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
