package io.clirbench.gateway.dataset;

import io.clirbench.service.rest.ApiException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.net.URI;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Datasets: register a directory, upload a zip, list, describe, delete. */
@Path("/api/datasets")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "datasets")
public class DatasetResource {

    private final DatasetRegistry registry;
    private final io.clirbench.gateway.dataset.DatasetDeletion deletion;
    private final io.clirbench.gateway.config.GatewayConfig config;

    DatasetResource(DatasetRegistry registry, io.clirbench.gateway.dataset.DatasetDeletion deletion,
                    io.clirbench.gateway.config.GatewayConfig config) {
        this.registry = registry;
        this.deletion = deletion;
        this.config = config;
    }

    /** Body of a registration. */
    public record RegisterRequest(String path) {
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Register a dataset directory (validated first; 201 new, 200 already registered, 409 conflict)")
    public Response register(RegisterRequest body) {
        if (body == null) {
            throw ApiException.badRequest("a JSON body {\"path\": \"/abs/dir\"} is required",
                    List.of(new ApiException.FieldError("body", null, "missing")));
        }
        return created(registry.register(body.path()));
    }

    @POST
    @Path("/upload")
    @Consumes("application/zip")
    @Operation(summary = "Upload a dataset as a zip (dataset.json at the root or in one folder)")
    public Response upload(InputStream body, @HeaderParam("Content-Length") Long length) {
        if (length != null && length > config.upload().maxBytes()) {
            throw new ApiException(413, "Content Too Large", "upload of " + length
                    + " bytes is larger than gateway.upload.max-bytes = " + config.upload().maxBytes() + " bytes");
        }
        return created(registry.upload(body));
    }

    private static Response created(DatasetRegistry.Registration r) {
        return r.created()
                ? Response.created(URI.create("/api/datasets/" + r.summary().id())).entity(r.summary()).build()
                : Response.ok(r.summary()).build();
    }

    @GET
    @Operation(summary = "Registered datasets")
    public List<DatasetRecord> list() {
        return registry.list();
    }

    @jakarta.ws.rs.DELETE
    @Path("/{id}")
    @Operation(summary = "Remove a registration (409 while a run on it is QUEUED, RUNNING or EVALUATING); the files are "
            + "deleted only when they were uploaded into the gateway's data directory, never a directory registered by path")
    public io.clirbench.gateway.dataset.DatasetDeletion.Deleted delete(@PathParam("id") String id) {
        return deletion.delete(id);
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "A dataset: counts per language, judged, dual-gold and no-home queries")
    public DatasetSummary get(@PathParam("id") String id) {
        return registry.summary(id);
    }
}
