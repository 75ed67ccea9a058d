package io.clirbench.encoders;

import java.time.Duration;

/**
 * Where a remote card's vectors come from (the card's {@code endpoint} object, kind {@code remote}): a served embedding
 * endpoint that the embedder calls instead of running a model itself. Read by {@link RemoteEndpointReader}; called by
 * {@code io.clirbench.encoders.remote.RemoteEmbeddingClient}.
 *
 * @param url the server's base URL ({@code http://tei:80}); the protocol's path is appended
 * @param protocol {@code openai} ({@code POST {url}/v1/embeddings}) or {@code tei} ({@code POST {url}/embed})
 * @param model the {@code model} sent to an OpenAI-compatible endpoint; null for TEI (one model per server)
 * @param tokenFile a file holding the bearer token (relative to the card); null when none
 * @param tokenEnv the name of an environment variable holding the token (a Kubernetes Secret); null when none
 * @param dimensions sent as OpenAI's {@code dimensions} (Matryoshka models); null: not sent
 * @param connectTimeout to open a connection
 * @param requestTimeout for one request, answer included
 * @param maxConcurrency requests in flight at once from this embedder
 * @param maxRetries retries of one request after a 429, a 5xx or an I/O error (so {@code maxRetries + 1} attempts)
 * @param initialBackoff the first retry's pause, doubled at each retry (a {@code Retry-After} header wins)
 * @param maxTokensPerRequest estimated tokens one request may hold (see {@code RemoteTexts})
 * @param maxTextsPerRequest texts one request may hold
 */
public record RemoteEndpoint(String url, Protocol protocol, String model, String tokenFile, String tokenEnv,
                             Integer dimensions, Duration connectTimeout, Duration requestTimeout, int maxConcurrency,
                             int maxRetries, Duration initialBackoff, int maxTokensPerRequest, int maxTextsPerRequest) {

    /** The wire protocols spoken; their request and response shapes live in {@code io.clirbench.encoders.remote}. */
    public enum Protocol {
        OPENAI("openai"), TEI("tei");

        private final String cardName;

        Protocol(String cardName) {
            this.cardName = cardName;
        }

        public String cardName() {
            return cardName;
        }
    }
}
