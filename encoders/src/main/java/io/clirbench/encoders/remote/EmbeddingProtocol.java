package io.clirbench.encoders.remote;

import io.clirbench.encoders.ModelCard;
import io.clirbench.encoders.RemoteEndpoint;
import java.util.List;

/** One wire protocol of a served embedding endpoint: the request's path and body, the vectors out of the answer. */
public interface EmbeddingProtocol {

    /** Appended to the endpoint's base URL. */
    String path();

    /** The JSON body asking for the vectors of {@code texts}. */
    byte[] request(List<String> texts);

    /**
     * The vectors of the answer, in request order, and the model the endpoint says it ran (null when the protocol does
     * not say); {@link IllegalArgumentException} naming what is wrong when the body is not the protocol's answer.
     */
    Answer answer(byte[] body, int texts);

    /** What one answer holds. */
    record Answer(float[][] vectors, String reportedModel) {
    }

    /** The card's protocol. */
    static EmbeddingProtocol of(ModelCard card) {
        RemoteEndpoint endpoint = card.endpoint();
        return switch (endpoint.protocol()) {
            case OPENAI -> new OpenAiEmbeddings(endpoint.model(), endpoint.dimensions());
            case TEI -> new TeiEmbeddings(card.truncate(), card.normalize());
        };
    }
}
