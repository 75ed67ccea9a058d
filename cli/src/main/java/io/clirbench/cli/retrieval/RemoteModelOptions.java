package io.clirbench.cli.retrieval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code bench model add --remote URL ...}: the options that make a served model's card (kind {@code remote}, read by
 * the encoders' {@code RemoteEndpointReader}, which validates it). Only the options given become fields, so the card
 * keeps the reader's defaults (timeouts, retries, concurrency, per-request budget) unless edited.
 */
final class RemoteModelOptions {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--remote", paramLabel = "URL", description = "a served embedding endpoint's base URL (no credentials in it): "
            + "the embedder calls it instead of running a model; no DIR then")
    String url;
    @Option(names = "--protocol", paramLabel = "openai|tei", description = "with --remote: openai (POST URL/v1/embeddings) or "
            + "tei (Hugging Face text-embeddings-inference, POST URL/embed) (default: ${DEFAULT-VALUE})")
    String protocol = "openai";
    @Option(names = "--model", paramLabel = "NAME", description = "with --remote --protocol openai: the request's model (required there)")
    String model;
    @Option(names = "--dimension", paramLabel = "D", description = "with --remote: the vectors' dimension; with openai also sent as "
            + "\"dimensions\" (Matryoshka models); default: the probe vector's length")
    Integer dimension;
    @Option(names = "--token-file", paramLabel = "FILE", description = "with --remote: a file holding the bearer token (the card "
            + "keeps its absolute path, never the token)")
    Path tokenFile;
    @Option(names = "--token-env", paramLabel = "VAR", description = "with --remote: an environment variable of the embedder "
            + "holding the bearer token (a Kubernetes Secret)")
    String tokenEnv;
    @Option(names = "--max-tokens", paramLabel = "N", description = "with --remote: the model's input limit in tokens (default 512)")
    Integer maxTokens;
    @Option(names = "--query-prefix", paramLabel = "TEXT", description = "with --remote: put before each query (e.g. \"query: \")")
    String queryPrefix;
    @Option(names = "--document-prefix", paramLabel = "TEXT", description = "with --remote: put before each document (e.g. \"passage: \")")
    String documentPrefix;
    @Option(names = "--card", paramLabel = "FILE", description = "with --remote: a local model's card (e.g. "
            + "encoders/model-cards/bge-m3.json) lending its prefixes or instruction, max tokens, normalisation and "
            + "dimension to the served model of the same weights; the options above win over it")
    Path catalogueCard;
    @Option(names = "--no-probe", description = "with --remote: do not call the endpoint now (an in-cluster URL); needs --dimension or --card")
    boolean noProbe;

    boolean given() {
        return url != null;
    }

    /** The catalogue card's absolute path; null when none is given. */
    Path catalogue() {
        return catalogueCard == null ? null : catalogueCard.toAbsolutePath().normalize();
    }

    /** The card these options describe. */
    ObjectNode card(String id, List<String> languages) {
        ObjectNode card = JSON.createObjectNode().put("kind", "remote").put("id", id);
        languages.forEach(card.putArray("languages")::add);
        ObjectNode endpoint = card.putObject("endpoint").put("url", url).put("protocol", protocol);
        if (model != null) {
            endpoint.put("model", model);
        }
        if (dimension != null) {
            card.put("dimension", dimension);
            if ("openai".equals(protocol)) {
                endpoint.put("dimensions", dimension);
            }
        }
        if (tokenFile != null) {
            endpoint.put("tokenFile", tokenFile.toAbsolutePath().normalize().toString());
        }
        if (tokenEnv != null) {
            endpoint.put("tokenEnv", tokenEnv);
        }
        if (maxTokens != null) {
            card.put("maxTokens", maxTokens);
        }
        if (queryPrefix != null) {
            card.putObject("query").put("prefix", queryPrefix);
        }
        if (documentPrefix != null) {
            card.putObject("document").put("prefix", documentPrefix);
        }
        return card;
    }
}
