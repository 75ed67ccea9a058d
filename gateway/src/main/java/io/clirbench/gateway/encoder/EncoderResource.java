package io.clirbench.gateway.encoder;

import io.clirbench.gateway.client.EmbedClient;
import io.clirbench.gateway.client.Encoders;
import io.clirbench.gateway.client.EncoderInfo;
import io.grpc.StatusRuntimeException;
import io.clirbench.gateway.client.EmbedRole;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PathParam;
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

    /** Texts to embed with one model, as QUERY or DOCUMENT. */
    public record EmbedBody(List<String> texts, String role) {
    }

    /** One vector per text, in order. */
    public record Embedded(String modelId, List<float[]> vectors) {
    }

    /** The texts most one embed call through the gateway takes. */
    static final int MAX_TEXTS = 4096;

    @POST
    @Path("/{model}/embed")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Embed texts with one model through its embedder pods (what bench align uses); no cache")
    public Embedded embed(@PathParam("model") String model, EmbedBody body) throws InterruptedException {
        if (!encoders.all().containsKey(model)) {
            throw RequestRejectedException.notFound("unknown model '" + model + "' (configured or discovered: "
                    + encoders.all().keySet().stream().sorted().toList() + ")");
        }
        List<InvalidField> problems = new ArrayList<>();
        if (body == null || body.texts() == null || body.texts().isEmpty() || body.texts().size() > MAX_TEXTS) {
            problems.add(new InvalidField("texts", body == null || body.texts() == null ? null
                    : String.valueOf(body.texts().size()), "1 to " + MAX_TEXTS + " texts"));
        }
        EmbedRole role = null;
        try {
            role = body == null || body.role() == null ? null : EmbedRole.valueOf(body.role());
        } catch (IllegalArgumentException e) {
            // reported below
        }
        if (role == null) {
            problems.add(new InvalidField("role", body == null ? null : body.role(), "QUERY or DOCUMENT"));
        }
        if (!problems.isEmpty()) {
            throw RequestRejectedException.invalid("invalid embed request", problems);
        }
        float[][] out = new float[body.texts().size()][];
        embed.embed(model, body.texts(), role, (from, vectors) -> {
            for (int i = 0; i < vectors.size(); i++) {
                out[from + i] = vectors.get(i);
            }
        });
        return new Embedded(model, java.util.Arrays.asList(out));
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
