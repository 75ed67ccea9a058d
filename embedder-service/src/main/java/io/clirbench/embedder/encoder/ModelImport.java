package io.clirbench.embedder.encoder;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * {@code bench model add}'s work in the embedder's own code: reads a sentence-transformers ONNX export
 * ({@link SentenceTransformersExport}), writes the card twice -- {@code DIR/model.json} with paths relative to
 * it (to copy with the weights, e.g. onto the k8s models volume) and the local stack's card with absolute paths
 * -- validates it as an embedder would ({@link ModelCardReader}, ONNX inputs and output, tokenizer), and embeds a
 * probe sentence as QUERY and DOCUMENT through the real pipeline. Run by {@code bench model add} in a JVM on the
 * embedder-service's class path: {@code ModelImport DIR ID LANGS OUT_CARD PROBE}.
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
        Path dirCard = dir.resolve("model.json");
        ObjectNode card = (ObjectNode) SentenceTransformersExport.JSON.readTree(dirCard.toFile());
        ModelCard checked = ModelCardReader.read(dirCard);
        card.put("id", id);
        Files.writeString(dirCard, SentenceTransformersExport.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(card) + "\n");
        ObjectNode absolute = card.deepCopy();
        absolute.put("onnx", ModelFiles.resolve(checked.onnx(), dirCard.toString()).toAbsolutePath().toString());
        absolute.put("tokenizer", ModelFiles.resolve(checked.tokenizer(), dirCard.toString()).toAbsolutePath().toString());
        Files.createDirectories(stackCard.toAbsolutePath().getParent());
        Files.writeString(stackCard, SentenceTransformersExport.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(absolute) + "\n");
        return probe(card, dirCard, stackCard, probe, List.of("a model card with outputs " + checked.outputs().stream()
                .map(OutputKind::cardName).toList() + ", kept as written; --languages is not used"));
    }

    /**
     * A static model (weights, vocabulary and card, as {@code bench distil} writes them): the card is kept, with the
     * id given here; the stack's copy gets absolute paths. Its languages are the card's (those it was trained on).
     */
    private static Result runStatic(Path dir, String id, Path stackCard, String probe) throws Exception {
        Path dirCard = dir.resolve("model.json");
        ObjectNode card = (ObjectNode) SentenceTransformersExport.JSON.readTree(dirCard.toFile());
        ModelCard checked = ModelCardReader.read(dirCard);
        card.put("id", id);
        Files.writeString(dirCard, SentenceTransformersExport.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(card) + "\n");
        ObjectNode absolute = card.deepCopy();
        absolute.put("weights", ModelFiles.resolve(checked.weights(), dirCard.toString()).toAbsolutePath().toString());
        absolute.put("vocabulary", ModelFiles.resolve(checked.vocabulary(), dirCard.toString()).toAbsolutePath().toString());
        Files.createDirectories(stackCard.toAbsolutePath().getParent());
        Files.writeString(stackCard, SentenceTransformersExport.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(absolute) + "\n");
        return probe(card, dirCard, stackCard, probe, List.of("a static model (kind \"static\"): languages " + checked.languages()
                + " as trained; --languages is not used"));
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

    /** {@code ModelImport DIR ID LANGS OUT_CARD PROBE}: prints the card and the probe's vectors; exit 1 with one line on a bad export. */
    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        if (args.length != 5) {
            System.err.println("usage: ModelImport DIR ID LANGS(comma-separated) OUT_CARD PROBE");
            System.exit(2);
        }
        try {
            Result r = run(Path.of(args[0]), args[1], List.of(args[2].split(",")), Path.of(args[3]), args[4]);
            out.print(SentenceTransformersExport.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(r.card()) + "\n");
            r.notes().forEach(n -> out.println("note: " + n));
            out.println("card written to " + r.dirCard() + " (paths relative to it) and " + r.stackCard() + " (local stack)");
            out.printf("probe \"%s\": %d dimensions, norm %.4f; QUERY %s..., DOCUMENT %s...%n", args[4], r.queryVector().length,
                    norm(r.queryVector()), head(r.queryVector()), head(r.documentVector()));
            out.println("pooling " + r.validated().poolingDescription() + ", normalize " + r.validated().normalize() + ", maxTokens "
                    + r.validated().maxTokens() + ", query template \"" + r.validated().queryTemplate() + "\", document template \""
                    + r.validated().documentTemplate() + "\"");
        } catch (ModelCardException | IOException e) {
            System.err.println(e.getMessage());
            System.exit(1);
        }
    }

    private static double norm(float[] v) {
        double s = 0;
        for (float x : v) {
            s += x * x;
        }
        return Math.sqrt(s);
    }

    private static String head(float[] v) {
        return Arrays.toString(Arrays.copyOf(v, Math.min(4, v.length)));
    }
}
