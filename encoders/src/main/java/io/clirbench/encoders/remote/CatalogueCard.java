package io.clirbench.encoders.remote;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.encoders.ModelCard;
import io.clirbench.encoders.ModelCardException;
import io.clirbench.encoders.ModelCardReader;
import io.clirbench.encoders.RemoteEndpoint;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A local model's card (a catalogue card of {@code encoders/model-cards/}) lent to a served model of the same
 * weights ({@code bench model add --remote URL --card FILE}): the text conventions that the client applies — query and
 * document prefixes or instruction templates, {@code maxTokens}, {@code truncate}, {@code normalize}, lower-casing —
 * and the dimension; its {@code source} and {@code license} are kept. Fields the remote card already has (the explicit
 * options) win. Pooling stays the server's business (TEI reads the model's pooling configuration or its
 * {@code --pooling} flag), so the description names the card's pooling for whoever starts the server.
 */
public final class CatalogueCard {

    private static final ObjectMapper JSON = new ObjectMapper();

    private CatalogueCard() {
    }

    /** Fills {@code remote} (a card of kind {@code remote}) from the catalogue card {@code file}, validated as an embedder reads it. */
    public static ObjectNode lend(ObjectNode remote, Path file) {
        ModelCard card = ModelCardReader.read(file);
        if (card.kind() != ModelCard.Kind.BI_ENCODER) {
            throw new ModelCardException(file.toString(), "kind", "is \"" + card.kind().cardName() + "\": only a bi-encoder "
                    + "card's conventions can be lent to a served model");
        }
        JsonNode raw;
        try {
            raw = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new ModelCardException(file + ": cannot read model card (" + e.getMessage() + ")", e);
        }
        ObjectNode endpoint = (ObjectNode) remote.path("endpoint");
        putIfAbsent(remote, "description", card.description() + " Served: the endpoint computes the vectors; start it with "
                + "this model's pooling (" + card.poolingDescription() + (card.padding() == ModelCard.PaddingSide.LEFT
                ? ", left padding" : "") + "). Conventions from " + file.getFileName() + ".");
        for (String field : new String[] {"source", "license"}) {
            if (raw.hasNonNull(field)) {
                putIfAbsent(remote, field, raw.get(field).asText());
            }
        }
        if (!remote.has("dimension") && !endpoint.has("dimensions")) {
            // a Matryoshka size is asked of an OpenAI-compatible server ("dimensions"); TEI answers the native size
            boolean openai = RemoteEndpoint.Protocol.OPENAI.cardName().equals(endpoint.path("protocol").asText());
            if (openai && card.outputDimension() < card.dimension()) {
                remote.put("dimension", card.outputDimension());
                endpoint.put("dimensions", card.outputDimension());
            } else {
                remote.put("dimension", card.dimension());
            }
        }
        if (!remote.has("maxTokens")) {
            remote.put("maxTokens", card.maxTokens());
        }
        if (!remote.has("truncate")) {
            remote.put("truncate", card.truncate());
        }
        if (!remote.has("normalize")) {
            remote.put("normalize", card.normalize());
        }
        if (card.lowercase() && !remote.has("lowercase")) {
            remote.put("lowercase", true);
        }
        template(remote, "query", card.queryTemplate());
        template(remote, "document", card.documentTemplate());
        return remote;
    }

    /** {@code {"prefix": P}} for a template {@code P{text}}, else {@code {"template": T}}; nothing for plain {@code {text}}. */
    private static void template(ObjectNode remote, String role, String template) {
        if (remote.has(role) || template.equals(ModelCard.TEXT)) {
            return;
        }
        // a card's template holds {text} exactly once (ModelCardReader checks it)
        boolean prefix = template.endsWith(ModelCard.TEXT);
        remote.putObject(role).put(prefix ? "prefix" : "template",
                prefix ? template.substring(0, template.length() - ModelCard.TEXT.length()) : template);
    }

    private static void putIfAbsent(ObjectNode node, String field, String value) {
        if (!node.has(field)) {
            node.put(field, value);
        }
    }
}
