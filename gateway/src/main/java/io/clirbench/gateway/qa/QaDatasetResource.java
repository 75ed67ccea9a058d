package io.clirbench.gateway.qa;

import io.clirbench.gateway.dataset.DatasetRoots;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** QA datasets (register a directory, upload a zip, list, delete) and uploaded prediction files. */
@Path("/api")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "qa")
public class QaDatasetResource {

    private final QaDatasetStore datasets;
    private final PredictionUploads uploads;
    private final DatasetRoots roots;
    private final QaDatasetDeletion deletion;

    QaDatasetResource(QaDatasetStore datasets, PredictionUploads uploads, DatasetRoots roots, QaDatasetDeletion deletion) {
        this.datasets = datasets;
        this.uploads = uploads;
        this.roots = roots;
        this.deletion = deletion;
    }

    /** Body of a registration. */
    public record RegisterRequest(String path) {
    }

    @POST
    @Path("/qa-datasets")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Register a QA dataset directory (validated whole first; 201 when new, 200 when already registered)")
    public Response register(RegisterRequest request) {
        if (request == null) {
            throw RequestRejectedException.invalid("a QA dataset registration needs a path",
                    List.of(new InvalidField("body", null, "missing")));
        }
        QaDatasetStore.Registration r = datasets.register(roots.resolve(request.path()));
        return Response.status(r.created() ? 201 : 200).entity(r.dataset()).build();
    }

    @POST
    @Path("/qa-datasets/upload")
    @Consumes("application/zip")
    @Operation(summary = "Upload a QA dataset as a zip (dataset.json and instances.jsonl[.gz] at the root or in one folder;"
            + " validated whole first; 201 when new, 200 when already registered, 409 another version, 413 too large)")
    public Response upload(InputStream body) {
        QaDatasetStore.Registration r = datasets.upload(body);
        return Response.status(r.created() ? 201 : 200).entity(r.dataset()).build();
    }

    @GET
    @Path("/qa-datasets")
    @Operation(summary = "Registered QA datasets")
    public List<QaDatasetRecord> list() {
        return datasets.list();
    }

    @DELETE
    @Path("/qa-datasets/{id}")
    @Operation(summary = "Remove a QA dataset's registration (409 while a QA run on it is QUEUED, RUNNING or EVALUATING); the"
            + " files are deleted only when they were uploaded into the gateway's data directory, never a directory registered by path")
    public io.clirbench.gateway.dataset.DatasetDeletion.Deleted delete(@PathParam("id") String id) {
        return deletion.delete(id);
    }

    @PUT
    @Path("/qa-predictions/{name}")
    @Consumes(MediaType.WILDCARD)
    @Operation(summary = "Upload an XHotpotQA JSONL prediction file as system predictions:NAME (validated first)")
    public Map<String, Object> upload(@PathParam("name") String name, InputStream body) {
        int n = uploads.store(name, body);
        return Map.of("system", "predictions:" + name, "predictions", n);
    }
}
