package io.clirbench.embedder.remote;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.embedder.encoder.BatchPlanner;
import io.clirbench.embedder.encoder.Encoder;
import io.clirbench.embedder.encoder.ModelCard;
import io.clirbench.embedder.encoder.ModelCardException;
import io.clirbench.embedder.encoder.ModelCardReader;
import io.clirbench.embedder.encoder.Role;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code bench model add --remote}'s work in the embedder's own code: validates a served model's card as an embedder
 * will read it ({@link ModelCardReader}); with a probe sentence, asks the endpoint for its vector first when the card
 * has no {@code dimension} (the vector's length becomes it), then embeds the probe as QUERY and DOCUMENT through the
 * real remote pipeline; writes the card. {@code RemoteCardImport OUT_CARD PROBE CARD_JSON [CATALOGUE_CARD]} (PROBE
 * empty: no probe, the card must then give its dimension; CATALOGUE_CARD: a local model's card whose prefixes,
 * instructions, max length, normalisation and dimension fill the fields CARD_JSON lacks, {@link CatalogueCard}).
 */
public final class RemoteCardImport {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What an import made: the card as written and the probe's vectors (null without a probe). */
    public record Result(ModelCard card, float[] queryVector, float[] documentVector) {
    }

    private RemoteCardImport() {
    }

    public static Result run(Path out, String probe, ObjectNode card, Map<String, String> environment) throws Exception {
        boolean probing = probe != null && !probe.isBlank();
        boolean sized = card.has("dimension") || card.path("endpoint").has("dimensions");
        if (!sized && !probing) {
            throw new ModelCardException(out + ": field 'dimension' is required without a probe (give --dimension)", null);
        }
        if (!sized) {
            ModelCard draft = ModelCardReader.parse(out.toString(), bytes(card.deepCopy().put("dimension", 1)));
            RemoteEmbeddingClient client = new RemoteEmbeddingClient(draft.endpoint(), EmbeddingProtocol.of(draft),
                    BearerToken.of(draft, environment));
            card.put("dimension", client.embed(List.of(draft.apply(Role.QUERY, probe))).vectors()[0].length);
        }
        ModelCard validated = ModelCardReader.parse(out.toString(), bytes(card));
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.write(out, JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(card));
        if (!probing) {
            return new Result(validated, null, null);
        }
        try (Encoder encoder = RemoteInference.load(validated, environment)) {
            BatchPlanner one = encoder.planner(8192, 1);
            return new Result(validated, encoder.embed(List.of(probe), Role.QUERY, one)[0],
                    encoder.embed(List.of(probe), Role.DOCUMENT, one)[0]);
        }
    }

    private static byte[] bytes(ObjectNode card) throws IOException {
        return JSON.writeValueAsBytes(card);
    }

    /** {@code RemoteCardImport OUT_CARD PROBE CARD_JSON [CATALOGUE_CARD]}: prints the card and the probe's norms; exit 1 with one line on a failure. */
    public static void main(String[] args) throws Exception {
        PrintStream out = System.out;
        if (args.length != 3 && args.length != 4) {
            System.err.println("usage: RemoteCardImport OUT_CARD PROBE CARD_JSON [CATALOGUE_CARD]");
            System.exit(2);
        }
        try {
            Path card = Path.of(args[0]);
            ObjectNode json = (ObjectNode) JSON.readTree(args[2].getBytes(StandardCharsets.UTF_8));
            if (args.length == 4) {
                CatalogueCard.lend(json, Path.of(args[3]));
            }
            Result r = run(card, args[1], json, System.getenv());
            out.print(Files.readString(card) + "\n");
            out.println("card written to " + card + " (local stack)");
            if (r.queryVector() != null) {
                out.printf(java.util.Locale.ROOT, "probe \"%s\" through %s: %d dimensions, QUERY norm %.4f, DOCUMENT norm %.4f%n",
                        args[1], r.card().endpoint().url(), r.queryVector().length, norm(r.queryVector()), norm(r.documentVector()));
            } else {
                out.println("no probe: the endpoint was not called");
            }
        } catch (ModelCardException | RemoteEndpointException | IOException e) {
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
}
