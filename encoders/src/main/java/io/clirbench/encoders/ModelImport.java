package io.clirbench.encoders;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code bench model add}'s work, in the encoders' own code: reads a sentence-transformers ONNX export
 * ({@link SentenceTransformersExport}), writes the card twice -- {@code DIR/model.json} with paths relative to
 * it (to copy with the weights, e.g. onto the k8s models volume) and the local stack's card with absolute paths
 * -- validates it as an embedder would ({@link ModelCardReader}, ONNX inputs and output, tokenizer), and embeds a
 * probe sentence as QUERY and DOCUMENT through the real pipeline. Called by {@code bench model add} (cli), in process: the
 * card is checked by the very code an embedder reads it with.
 */
public final class ModelImport {

    /** What an import made. */
    public record Result(ObjectNode card, Path dirCard, Path stackCard, ModelCard validated, float[] queryVector,
                         float[] documentVector, List<String> notes) {
    }

    private ModelImport() {
    }

    public static Result run(Path dir, String id, List<String> languages, Path stackCard, String probe) throws Exception {
        if (isStatic(dir)) {
            return runStatic(dir, id, stackCard, probe);
        }
        if (declaresTokenOutputs(dir)) {
            return runCard(dir, id, stackCard, probe);
        }
        SentenceTransformersExport.Imported imported = SentenceTransformersExport.read(dir, id, languages);
        ObjectNode card = imported.card();
        String pretty = SentenceTransformersExport.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(card) + "\n";
        Path dirCard = dir.resolve("model.json");
        Files.writeString(dirCard, pretty);
        ObjectNode absolute = card.deepCopy();
        absolute.put("onnx", imported.onnx().toAbsolutePath().toString());
        absolute.put("tokenizer", dir.resolve("tokenizer.json").toAbsolutePath().toString());
        Files.createDirectories(stackCard.toAbsolutePath().getParent());
        Files.writeString(stackCard, SentenceTransformersExport.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(absolute) + "\n");
        return probe(card, dirCard, stackCard, probe, imported.notes());
    }

    /** A directory {@code bench distil} wrote: its {@code model.json} has {@code "kind": "static"}. */
    static boolean isStatic(Path dir) throws IOException {
        Path card = dir.resolve("model.json");
        return Files.isRegularFile(card)
                && "static".equals(SentenceTransformersExport.JSON.readTree(card.toFile()).path("kind").asText());
    }

    /**
     * A directory whose {@code model.json} is a hand-written ONNX card declaring a {@code "sparse"} or {@code "multivector"}
     * output (an export's files say nothing of those heads: the card says which output tensor holds them).
     */
    static boolean declaresTokenOutputs(Path dir) throws IOException {
        Path card = dir.resolve("model.json");
        if (!Files.isRegularFile(card)) {
            return false;
        }
        var root = SentenceTransformersExport.JSON.readTree(card.toFile());
        return root.has("sparse") || root.has("multivector");
    }

    /** A hand-written card ({@link #declaresTokenOutputs}): kept, with the id given here; the stack's copy gets absolute paths. */
    private static Result runCard(Path dir, String id, Path stackCard, String probe) throws Exception {
        return keepCard(dir, id, stackCard, probe, List.of(Map.entry("onnx", ModelCard::onnx), Map.entry("tokenizer", ModelCard::tokenizer)),
                checked -> "a model card with outputs "
                + checked.outputs().stream().map(OutputKind::cardName).toList() + ", kept as written; --languages is not used");
    }

    /**
     * A static model (weights, vocabulary and card, as {@code bench distil} writes them): the card is kept, with the
     * id given here; the stack's copy gets absolute paths. Its languages are the card's (those it was trained on).
     */
    private static Result runStatic(Path dir, String id, Path stackCard, String probe) throws Exception {
        return keepCard(dir, id, stackCard, probe, List.of(Map.entry("weights", ModelCard::weights),
                Map.entry("vocabulary", ModelCard::vocabulary)), checked -> "a static model (kind \"static\"): "
                + "languages " + checked.languages() + " as trained; --languages is not used");
    }

    /** DIR/model.json kept as written but for its id; the stack's copy with the card's {@code files} made absolute. */
    private static Result keepCard(Path dir, String id, Path stackCard, String probe,
                                   List<Map.Entry<String, Function<ModelCard, String>>> files,
                                   Function<ModelCard, String> note) throws Exception {
        Path dirCard = dir.resolve("model.json");
        ObjectNode card = (ObjectNode) SentenceTransformersExport.JSON.readTree(dirCard.toFile());
        ModelCard checked = ModelCardReader.read(dirCard);
        card.put("id", id);
        Files.writeString(dirCard, SentenceTransformersExport.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(card) + "\n");
        ObjectNode absolute = card.deepCopy();
        for (Map.Entry<String, Function<ModelCard, String>> file : files) {
            absolute.put(file.getKey(), ModelFiles.resolve(file.getValue().apply(checked), dirCard.toString()).toAbsolutePath().toString());
        }
        Files.createDirectories(stackCard.toAbsolutePath().getParent());
        Files.writeString(stackCard, SentenceTransformersExport.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(absolute) + "\n");
        return probe(card, dirCard, stackCard, probe, List.of(note.apply(checked)));
    }

    private static Result probe(ObjectNode card, Path dirCard, Path stackCard, String probe, List<String> notes) throws Exception {
        ModelCard validated = ModelCardReader.read(stackCard);
        try (Encoder encoder = Encoder.load(validated, 0, "cpu")) {
            BatchPlanner one = encoder.planner(8192, 1);
            float[] query = encoder.embed(List.of(probe), Role.QUERY, one)[0];
            float[] document = encoder.embed(List.of(probe), Role.DOCUMENT, one)[0];
            return new Result(card, dirCard, stackCard, validated, query, document, notes);
        }
    }
}
