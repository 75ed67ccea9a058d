package io.clirbench.gateway.mapping;

import io.clirbench.gateway.client.EmbedRole;
import io.clirbench.gateway.client.EncoderInfo;
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

    static Role role(EmbedRole role) {
        return switch (role) {
            case QUERY -> Role.QUERY;
            case DOCUMENT -> Role.DOCUMENT;
        };
    }

    public static EncoderInfo info(InfoResponse i) {
        return new EncoderInfo(i.getModelId(), i.getDimension(), i.getMaxTokens(), i.getPooling(), i.getNormalized(),
                List.copyOf(i.getLanguagesList()), i.getDevice(), i.getRuntime(), i.getDescription(),
                java.util.Map.copyOf(i.getAdaptersMap()), i.getAdapterPivot(), i.getKind());
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
