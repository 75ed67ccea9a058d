package io.clirbench.embedder.mapping;

import io.clirbench.embedder.encoder.ModelCard;
import io.clirbench.embedder.encoder.OnnxEncoder;
import io.clirbench.embedder.encoder.Role;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.clirbench.proto.embed.v1.ScoreResponse;
import io.clirbench.proto.embed.v1.Vector;
import java.util.Optional;

/** Maps between {@code embed.v1} messages and the encoder's values. */
public final class EmbedMapper {

    private EmbedMapper() {
    }

    /** The encoder role of a proto role; empty for ROLE_UNSPECIFIED or an unknown value. */
    public static Optional<Role> role(io.clirbench.proto.embed.v1.Role role) {
        return switch (role) {
            case QUERY -> Optional.of(Role.QUERY);
            case DOCUMENT -> Optional.of(Role.DOCUMENT);
            default -> Optional.empty();
        };
    }

    public static EmbedResponse response(ModelCard card, String requestId, float[][] vectors, long tokens, int truncated) {
        EmbedResponse.Builder builder = EmbedResponse.newBuilder()
                .setModelId(card.id())
                .setDimension(card.outputDimension())
                .setRequestId(requestId)
                .setTokenCount(tokens)
                .setTruncatedTexts(truncated);
        for (float[] v : vectors) {
            Vector.Builder vector = Vector.newBuilder();
            for (float x : v) {
                vector.addValues(x);
            }
            builder.addVectors(vector);
        }
        return builder.build();
    }

    /** A cross-encoder's scores: the one component of each output row. */
    public static ScoreResponse scores(ModelCard card, String requestId, float[][] scores, long tokens, int truncated) {
        ScoreResponse.Builder builder = ScoreResponse.newBuilder()
                .setModelId(card.id())
                .setRequestId(requestId)
                .setTokenCount(tokens)
                .setTruncatedPairs(truncated);
        for (float[] row : scores) {
            builder.addScores(row[0]);
        }
        return builder.build();
    }

    /**
     * What this pod serves; {@code provenance}: what computes the vectors when it is not this process's runtime (a served
     * model's protocol, endpoint and reported model: {@code Info.runtime}), null for ONNX and static models.
     */
    public static InfoResponse info(ModelCard card, String device, String provenance, int maxBatchTexts) {
        return InfoResponse.newBuilder()
                .setModelId(card.id())
                .setKind(card.kind().cardName())
                .setDescription(card.description())
                .addAllLanguages(card.languages())
                .setDimension(card.outputDimension())
                .setNativeDimension(card.dimension())
                .setMaxTokens(card.maxTokens())
                .setPooling(card.poolingDescription())
                .setNormalized(card.normalize())
                .setQueryTemplate(card.queryTemplate())
                .setDocumentTemplate(card.documentTemplate())
                .setLowercase(card.lowercase())
                .setRuntime(provenance != null ? provenance : runtime(card))
                .setDevice(device)
                .setMaxBatchTexts(maxBatchTexts)
                .build();
    }

    private static String runtime(ModelCard card) {
        return switch (card.kind()) {
            case STATIC -> "java (static token vectors)";
            case REMOTE -> "remote " + card.endpoint().protocol().cardName() + " (loading)";
            case BI_ENCODER, CROSS_ENCODER -> OnnxEncoder.runtime();
        };
    }

    /** Reads a vector back (clients and tests). */
    public static float[] floats(Vector vector) {
        float[] out = new float[vector.getValuesCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = vector.getValues(i);
        }
        return out;
    }
}
