package io.clirbench.gateway.mapping;

import io.clirbench.gateway.client.EmbedRole;
import io.clirbench.gateway.client.EncoderInfo;
import io.clirbench.proto.embed.v1.EmbedRequest;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.clirbench.proto.embed.v1.Role;
import java.util.ArrayList;
import java.util.List;

/** embed.v1 messages: Embed requests from texts and a role, vectors and Info back. */
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
                java.util.Map.copyOf(i.getAdaptersMap()), i.getAdapterPivot());
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
