package io.clirbench.gateway.client;

import io.clirbench.gateway.retriever.SparseRows;
import io.clirbench.proto.embed.v1.Output;
import io.clirbench.proto.embed.v1.EmbedRequest;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.clirbench.proto.embed.v1.Role;
import io.clirbench.proto.embed.v1.ScorePair;
import io.clirbench.proto.embed.v1.ScoreRequest;
import io.clirbench.proto.embed.v1.ScoreResponse;
import java.util.ArrayList;
import java.util.List;

/** embed.v1 messages: Embed requests from texts and a role, Score requests from pairs; vectors, scores and Info back. */
public final class EmbedMapper {

    private EmbedMapper() {
    }

    public static EmbedRequest request(List<String> texts, EmbedRole role) {
        return EmbedRequest.newBuilder().addAllTexts(texts).setRole(role(role)).build();
    }

    /** A request whose vectors go through the adapters of each text's language ({@code langs}: one per text). */
    public static EmbedRequest alignedRequest(List<String> texts, List<String> langs, EmbedRole role) {
        return EmbedRequest.newBuilder().addAllTexts(texts).setRole(role(role)).addAllLangs(langs).setAlign(true).build();
    }

    /** A request for one output of the model (embed.v1 {@code output}). */
    public static EmbedRequest request(List<String> texts, EmbedRole role, EmbedOutput output) {
        return request(texts, role).toBuilder().setOutput(switch (output) {
            case DENSE -> Output.OUTPUT_DENSE;
            case SPARSE -> Output.OUTPUT_SPARSE;
            case MULTIVECTOR -> Output.OUTPUT_MULTIVECTOR;
        }).build();
    }

    /**
     * The rows of a response to {@code output}, one per text: vectors, sparse vectors ({@link SparseRows}), or token
     * vectors row-major.
     */
    public static List<float[]> rows(EmbedResponse response, EmbedOutput output) {
        return switch (output) {
            case DENSE -> vectors(response);
            case SPARSE -> response.getSparseList().stream().map(v -> {
                int[] indices = new int[v.getIndicesCount()];
                float[] weights = new float[v.getValuesCount()];
                for (int i = 0; i < indices.length; i++) {
                    indices[i] = v.getIndices(i);
                }
                for (int i = 0; i < weights.length; i++) {
                    weights[i] = v.getValues(i);
                }
                return SparseRows.pack(indices, weights);
            }).toList();
            case MULTIVECTOR -> response.getMultivectorsList().stream().map(m -> {
                float[] a = new float[m.getValuesCount()];
                for (int i = 0; i < a.length; i++) {
                    a[i] = m.getValues(i);
                }
                return a;
            }).toList();
        };
    }

    static Role role(EmbedRole role) {
        return switch (role) {
            case QUERY -> Role.QUERY;
            case DOCUMENT -> Role.DOCUMENT;
        };
    }

    public static EncoderInfo info(InfoResponse i) {
        return new EncoderInfo(i.getModelId(), i.getDimension(), i.getMaxTokens(), i.getPooling(), i.getNormalized(),
                List.copyOf(i.getLanguagesList()), i.getDevice(), i.getRuntime(), i.getDescription(),
                java.util.Map.copyOf(i.getAdaptersMap()), i.getAdapterPivot(), i.getKind(),
                i.getOutputsCount() == 0 ? List.of("dense") : List.copyOf(i.getOutputsList()), i.getSparseActivation(),
                i.getMultivectorDimension(), i.getMultivectorNormalized());
    }

    /** A Score request of (query, document) pairs, {@code pairs[i] = {query, document}}. */
    public static ScoreRequest scoreRequest(List<String[]> pairs) {
        ScoreRequest.Builder b = ScoreRequest.newBuilder();
        pairs.forEach(p -> b.addPairs(ScorePair.newBuilder().setQuery(p[0]).setDocument(p[1])));
        return b.build();
    }

    public static double[] scores(ScoreResponse response) {
        double[] out = new double[response.getScoresCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = response.getScores(i);
        }
        return out;
    }

    public static List<float[]> vectors(EmbedResponse response) {
        List<float[]> out = new ArrayList<>(response.getVectorsCount());
        for (var v : response.getVectorsList()) {
            float[] a = new float[v.getValuesCount()];
            for (int i = 0; i < a.length; i++) {
                a[i] = v.getValues(i);
            }
            out.add(a);
        }
        return out;
    }
}
