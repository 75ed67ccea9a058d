package io.clirbench.gateway.rest;

import io.clirbench.gateway.client.EmbedClient;
import io.clirbench.gateway.client.Encoders;
import io.clirbench.gateway.client.EncoderInfo;
import io.grpc.StatusRuntimeException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Configured and discovered encoders and what each endpoint reports. */
@Path("/api/encoders")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "encoders")
public class EncoderResource {

    private final Encoders encoders;
    private final EmbedClient embed;

    EncoderResource(Encoders encoders, EmbedClient embed) {
        this.encoders = encoders;
        this.embed = embed;
    }

    /** One configured model and its endpoints. */
    public record Encoder(String modelId, List<Endpoint> endpoints) {
    }

    /** An endpoint: reachable or not, with its Info (null when unreachable) or the error. */
    public record Endpoint(String target, boolean reachable, EncoderInfo info, String error) {
    }

    @GET
    @Operation(summary = "Configured and discovered encoders: per endpoint reachable and its Info")
    public List<Encoder> list() {
        List<Encoder> out = new ArrayList<>();
        encoders.all().forEach((model, targets) -> {
            List<Endpoint> endpoints = new ArrayList<>();
            for (String target : targets) {
                try {
                    endpoints.add(new Endpoint(target, true, embed.info(target), null));
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
