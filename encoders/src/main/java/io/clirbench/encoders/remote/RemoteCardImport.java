package io.clirbench.encoders.remote;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.encoders.BatchPlanner;
import io.clirbench.encoders.Encoder;
import io.clirbench.encoders.ModelCard;
import io.clirbench.encoders.ModelCardException;
import io.clirbench.encoders.ModelCardReader;
import io.clirbench.encoders.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code bench model add --remote}'s work, in the encoders' own code: validates a served model's card as an embedder
 * will read it ({@link ModelCardReader}); with a probe sentence, asks the endpoint for its vector first when the card
 * has no {@code dimension} (the vector's length becomes it), then embeds the probe as QUERY and DOCUMENT through the
 * real remote pipeline; writes the card. Without a probe (null or blank) the card must give its dimension; a local
 * model's card lends its prefixes, instructions, max length, normalisation and dimension through {@link CatalogueCard}
 * before this runs. Called by {@code bench model add --remote} (cli), in process.
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
}
