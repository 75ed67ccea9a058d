package io.clirbench.encoders;

import io.clirbench.core.io.RedactedUrl;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Set;

/**
 * A served model's card (kind {@code remote}): the card's own fields as for a bi-encoder (id, languages, dimension,
 * maxTokens, truncate, normalize, query/document templates, an optional {@code tokenizer} that only counts tokens)
 * and an {@code endpoint} object ({@link RemoteEndpoint}). Every error names the field ({@code endpoint.url}, ...).
 */
final class RemoteEndpointReader {

    static final Set<String> ENDPOINT_FIELDS = Set.of("url", "protocol", "model", "tokenFile", "tokenEnv", "dimensions",
            "connectTimeoutSeconds", "requestTimeoutSeconds", "maxConcurrency", "maxRetries", "initialBackoffMillis",
            "maxTokensPerRequest", "maxTextsPerRequest");
    /** Card fields that describe a local model's files or graph: a served model has none of them. */
    private static final List<String> LOCAL_FIELDS = List.of("onnx", "quantization", "outputDimension", "pooling", "output",
            "padding", "batchInvariant", "weights", "vocabulary", "training");

    private RemoteEndpointReader() {
    }

    static ModelCard remoteModel(ModelCardReader.Fields f) {
        for (String field : LOCAL_FIELDS) {
            if (f.root().has(field)) {
                throw new ModelCardException(f.source(), field, "is not used by a served model (kind \"remote\": the "
                        + "endpoint computes the vectors; \"endpoint\", \"dimension\", \"maxTokens\", \"normalize\"): remove it");
            }
        }
        RemoteEndpoint endpoint = endpoint(f.object("endpoint"));
        Integer declared = f.optionalPositiveInt("dimension");
        if (declared == null && endpoint.dimensions() == null) {
            throw new ModelCardException(f.source(), "dimension", "is required (a positive integer: the length of the "
                    + "endpoint's vectors)");
        }
        int dimension = declared != null ? declared : endpoint.dimensions();
        if (endpoint.dimensions() != null && endpoint.dimensions() != dimension) {
            throw new ModelCardException(f.source(), "endpoint.dimensions", "is " + endpoint.dimensions()
                    + " but dimension is " + dimension + ": the endpoint's vectors must have the card's dimension");
        }
        return new ModelCard(ModelCard.Kind.REMOTE, f.source(), f.text("id"), f.optionalTextOr("description", ""),
                f.languages(), null, f.optionalText("tokenizer"), "remote", dimension, dimension,
                f.positiveInt("maxTokens", 512), f.bool("truncate", true), Pooling.MEAN, null, ModelCard.PaddingSide.RIGHT,
                f.bool("lowercase", false), f.bool("normalize", true), true, f.template("query"), f.template("document"),
                null, null, endpoint);
    }

    private static RemoteEndpoint endpoint(ModelCardReader.Fields e) {
        for (Iterator<String> it = e.root().fieldNames(); it.hasNext(); ) {
            String name = it.next();
            if (!ENDPOINT_FIELDS.contains(name)) {
                throw new ModelCardException(e.source(), e.prefix() + name, "is unknown (known: "
                        + String.join(", ", ENDPOINT_FIELDS.stream().sorted().toList()) + ")");
            }
        }
        String url = url(e);
        RemoteEndpoint.Protocol protocol = protocol(e);
        String model = e.optionalText("model");
        if (protocol == RemoteEndpoint.Protocol.OPENAI && (model == null || model.isBlank())) {
            throw new ModelCardException(e.source(), e.prefix() + "model", "is required with protocol \"openai\" (the "
                    + "request's \"model\", e.g. \"BAAI/bge-m3\")");
        }
        for (String field : List.of("model", "dimensions")) {
            if (protocol == RemoteEndpoint.Protocol.TEI && e.root().has(field)) {
                throw new ModelCardException(e.source(), e.prefix() + field, "is not part of TEI's /embed request "
                        + "(one model per server, its native dimension): remove it or use protocol \"openai\"");
            }
        }
        String tokenFile = e.optionalText("tokenFile");
        String tokenEnv = e.optionalText("tokenEnv");
        if (tokenFile != null && tokenEnv != null) {
            throw new ModelCardException(e.source(), e.prefix() + "tokenEnv", "and tokenFile are both given: the token "
                    + "comes from one of them");
        }
        return new RemoteEndpoint(url, protocol, model, tokenFile, tokenEnv, e.optionalPositiveInt("dimensions"),
                Duration.ofSeconds(e.positiveInt("connectTimeoutSeconds", 10)),
                Duration.ofSeconds(e.positiveInt("requestTimeoutSeconds", 60)), e.positiveInt("maxConcurrency", 4),
                retries(e), Duration.ofMillis(e.positiveInt("initialBackoffMillis", 500)),
                e.positiveInt("maxTokensPerRequest", 8192), e.positiveInt("maxTextsPerRequest", 32));
    }

    /** An absolute http(s) URL without user information (credentials go in the token) and without a query. */
    private static String url(ModelCardReader.Fields e) {
        String url = e.text("url");
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException ex) {
            throw new ModelCardException(e.source(), e.prefix() + "url", "is not a URL: \"" + RedactedUrl.of(url) + "\"");
        }
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new ModelCardException(e.source(), e.prefix() + "url", "must be an http:// or https:// URL with a host, "
                    + "found \"" + RedactedUrl.of(url) + "\"");
        }
        if (uri.getRawUserInfo() != null) {
            throw new ModelCardException(e.source(), e.prefix() + "url", "must not hold credentials (user:password@): "
                    + "put the token in endpoint.tokenFile or endpoint.tokenEnv");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new ModelCardException(e.source(), e.prefix() + "url", "must not have a query or fragment (the "
                    + "protocol's path is appended), found \"" + url + "\"");
        }
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    private static RemoteEndpoint.Protocol protocol(ModelCardReader.Fields e) {
        String value = e.text("protocol");
        for (RemoteEndpoint.Protocol p : RemoteEndpoint.Protocol.values()) {
            if (p.cardName().equals(value)) {
                return p;
            }
        }
        throw new ModelCardException(e.source(), e.prefix() + "protocol", "must be \"openai\" or \"tei\", found \"" + value + "\"");
    }

    /** Zero retries is allowed (fail at the first refusal): positiveInt refuses 0, so this field is read on its own. */
    private static int retries(ModelCardReader.Fields e) {
        var node = e.root().get("maxRetries");
        if (node == null || node.isNull()) {
            return 4;
        }
        if (!node.isInt() || node.asInt() < 0 || node.asInt() > 20) {
            throw new ModelCardException(e.source(), e.prefix() + "maxRetries", "must be an integer from 0 to 20, found " + node);
        }
        return node.asInt();
    }
}
