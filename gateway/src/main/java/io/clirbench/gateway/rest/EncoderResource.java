package io.clirbench.gateway.rest;

import io.clirbench.gateway.client.EmbedClient;
import io.clirbench.gateway.config.EncoderEndpoints;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.grpc.StatusRuntimeException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Configured encoders and what each endpoint reports. */
@Path("/api/encoders")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "encoders")
public class EncoderResource {

    private final EncoderEndpoints encoders;
    private final EmbedClient embed;

    EncoderResource(EncoderEndpoints encoders, EmbedClient embed) {
        this.encoders = encoders;
        this.embed = embed;
    }

    /** One configured model and its endpoints. */
    public record Encoder(String modelId, List<Endpoint> endpoints) {
    }

    /** An endpoint: reachable or not, with its Info (null when unreachable) or the error. */
    public record Endpoint(String target, boolean reachable, Info info, String error) {
    }

    /** The embedder's own description of the model it serves. */
    public record Info(String modelId, int dimension, int maxTokens, String pooling, boolean normalized,
                       List<String> languages, String device, String runtime, String description) {
    }

    @GET
    @Operation(summary = "Configured encoders: per endpoint reachable and its Info")
    public List<Encoder> list() {
        List<Encoder> out = new ArrayList<>();
        encoders.all().keySet().stream().sorted().forEach(model -> {
            List<Endpoint> endpoints = new ArrayList<>();
            for (String target : embed.endpoints(model)) {
                try {
                    InfoResponse i = embed.info(target);
                    endpoints.add(new Endpoint(target, true, new Info(i.getModelId(), i.getDimension(), i.getMaxTokens(),
                            i.getPooling(), i.getNormalized(), i.getLanguagesList(), i.getDevice(), i.getRuntime(),
                            i.getDescription()), null));
                } catch (StatusRuntimeException e) {
                    endpoints.add(new Endpoint(target, false, null, e.getStatus().getCode() + " "
                            + (e.getStatus().getDescription() == null ? "" : e.getStatus().getDescription())));
                }
            }
            out.add(new Encoder(model, endpoints));
        });
        return out;
    }
}
