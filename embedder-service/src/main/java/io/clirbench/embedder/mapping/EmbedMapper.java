package io.clirbench.embedder.mapping;

import io.clirbench.encoders.ModelCard;
import io.clirbench.encoders.OnnxEncoder;
import io.clirbench.encoders.OutputKind;
import io.clirbench.encoders.SparseWeights;
import io.clirbench.proto.embed.v1.MultiVector;
import io.clirbench.proto.embed.v1.SparseVector;
import io.clirbench.encoders.Role;
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

    /** The encoder output of a proto output; empty for an unknown value. */
    public static Optional<OutputKind> output(io.clirbench.proto.embed.v1.Output output) {
        return switch (output) {
            case OUTPUT_UNSPECIFIED, OUTPUT_DENSE -> Optional.of(OutputKind.DENSE);
            case OUTPUT_SPARSE -> Optional.of(OutputKind.SPARSE);
            case OUTPUT_MULTIVECTOR -> Optional.of(OutputKind.MULTIVECTOR);
            default -> Optional.empty();
        };
    }

    public static EmbedResponse response(ModelCard card, String requestId, float[][] vectors, long tokens, int truncated) {
        return response(card, requestId, OutputKind.DENSE, vectors, tokens, truncated);
    }

    /**
     * The response of one output: dense vectors, sparse weights (each row packed as {@link SparseWeights#pack}) or token
     * vectors (each row the kept tokens' vectors, row-major).
     */
    public static EmbedResponse response(ModelCard card, String requestId, OutputKind output, float[][] vectors, long tokens,
                                         int truncated) {
        EmbedResponse.Builder builder = EmbedResponse.newBuilder()
                .setModelId(card.id())
                .setDimension(output == OutputKind.MULTIVECTOR ? card.multivector().dimension()
                        : output == OutputKind.SPARSE ? 0 : card.outputDimension())
                .setRequestId(requestId)
                .setTokenCount(tokens)
                .setTruncatedTexts(truncated);
        if (output == OutputKind.SPARSE) {
            for (float[] row : vectors) {
                SparseWeights w = SparseWeights.unpack(row);
                SparseVector.Builder sparse = SparseVector.newBuilder();
                for (int i = 0; i < w.size(); i++) {
                    sparse.addIndices(w.ids()[i]).addValues(w.weights()[i]);
                }
                builder.addSparse(sparse);
            }
            return builder.build();
        }
        if (output == OutputKind.MULTIVECTOR) {
            for (float[] row : vectors) {
                MultiVector.Builder multi = MultiVector.newBuilder();
                for (float x : row) {
                    multi.addValues(x);
                }
                builder.addMultivectors(multi);
            }
            return builder.build();
        }
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
                .addAllOutputs(card.outputs().stream().map(OutputKind::cardName).toList())
                .setSparseActivation(card.sparse() == null ? "" : card.sparse().activation().cardName())
                .setMultivectorDimension(card.multivector() == null ? 0 : card.multivector().dimension())
                .setMultivectorNormalized(card.multivector() != null && card.multivector().normalize())
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
