package io.clirbench.encoders.remote;

import io.clirbench.encoders.Encoder;
import io.clirbench.encoders.Inference;
import io.clirbench.encoders.ModelCard;
import io.clirbench.encoders.RemoteTexts;
import io.clirbench.encoders.TokenizedText;
import io.clirbench.encoders.Vectors;
import java.util.ArrayList;
import java.util.List;

/**
 * A served model's inference: one batch of the {@code DynamicBatcher} becomes one or more requests to the endpoint,
 * each holding at most {@code maxTextsPerRequest} texts and {@code maxTokensPerRequest} tokens ({@link RemoteTexts}'
 * counts; a text over the budget alone goes alone). Each vector must have the card's dimension; with
 * {@code "normalize": true} it is L2-normalised here too (OpenAI-compatible servers do not all normalise; TEI is asked
 * to, and normalising again changes nothing).
 */
public final class RemoteInference implements Inference {

    private final ModelCard card;
    private final RemoteEmbeddingClient client;
    private volatile String reportedModel;

    RemoteInference(ModelCard card, RemoteEmbeddingClient client) {
        this.card = card;
        this.client = client;
    }

    /** The card's endpoint, token (from {@code environment} where the card names a variable) and tokenization. */
    public static Encoder load(ModelCard card, java.util.Map<String, String> environment) {
        RemoteEmbeddingClient client = new RemoteEmbeddingClient(card.endpoint(), EmbeddingProtocol.of(card),
                BearerToken.of(card, environment));
        return new Encoder(card, RemoteTexts.load(card), new RemoteInference(card, client));
    }

    @Override
    public float[][] encode(List<TokenizedText> texts) {
        float[][] out = new float[texts.size()][];
        int from = 0;
        while (from < texts.size()) {
            int to = requestEnd(texts, from);
            List<String> sent = new ArrayList<>(to - from);
            for (TokenizedText t : texts.subList(from, to)) {
                sent.add(t.text());
            }
            EmbeddingProtocol.Answer answer = client.embed(sent);
            if (answer.reportedModel() != null) {
                reportedModel = answer.reportedModel();
            }
            for (int i = 0; i < sent.size(); i++) {
                float[] v = answer.vectors()[i];
                if (v.length != card.dimension()) {
                    throw new RemoteEndpointException("embedding endpoint " + client.name() + " answered a vector of "
                            + v.length + " dimensions; the card " + card.source() + " says dimension " + card.dimension());
                }
                out[from + i] = card.normalize() ? Vectors.l2Normalize(v) : v;
            }
            from = to;
        }
        return out;
    }

    /** The end (exclusive) of the request starting at {@code from}: within both per-request limits, at least one text. */
    private int requestEnd(List<TokenizedText> texts, int from) {
        int maxTexts = card.endpoint().maxTextsPerRequest();
        int budget = card.endpoint().maxTokensPerRequest();
        int to = from + 1;
        long tokens = texts.get(from).length();
        while (to < texts.size() && to - from < maxTexts && tokens + texts.get(to).length() <= budget) {
            tokens += texts.get(to).length();
            to++;
        }
        return to;
    }

    @Override
    public String device() {
        return "remote";
    }

    /** {@code remote openai http://host/v1/embeddings, model M (endpoint reports R)}: what the provenance shows. */
    @Override
    public String provenance() {
        String model = card.endpoint().model() == null ? "" : ", model " + card.endpoint().model();
        String reported = reportedModel == null ? "" : " (endpoint reports " + reportedModel + ")";
        return "remote " + card.endpoint().protocol().cardName() + " " + client.name() + model + reported;
    }

    @Override
    public void close() {
    }
}
