package io.clirbench.gateway.leaderboard;

import io.clirbench.core.leaderboard.Leaderboard;
import io.clirbench.core.leaderboard.LeaderboardFormat;
import io.clirbench.service.rest.ApiException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /api/leaderboard/{datasetId}}: the dataset's leaderboard as JSON, or exported (README "Leaderboard"). */
@Path("/api/leaderboard")
@Tag(name = "leaderboard")
public class LeaderboardResource {

    private final LeaderboardService leaderboards;

    LeaderboardResource(LeaderboardService leaderboards) {
        this.leaderboards = leaderboards;
    }

    @GET
    @Path("/{datasetId}")
    @Produces({MediaType.APPLICATION_JSON, MediaType.TEXT_PLAIN, "text/csv", "text/markdown", "application/x-latex"})
    @Operation(summary = "Every COMPLETED run's retrievers on the dataset's registered version, ranked by the first"
            + " ?measure= (repeatable; default nDCG@10, R@100): language-balanced means, per-language means, 95% rank"
            + " intervals and P(best) from the clustered bootstrap, sign-flip p vs the leader (Holm). ?format=json (default)"
            + "|table|csv|md|latex; the exports are attachments named leaderboard-ID.EXT. 404 unknown dataset; 400 a"
            + " measure no report has or an unknown format")
    public Response get(@PathParam("datasetId") String datasetId, @QueryParam("measure") List<String> measures,
                        @QueryParam("format") String format) {
        LeaderboardFormat export = format == null || format.equals("json") ? null : export(format);
        Leaderboard board = leaderboards.of(datasetId, measures);
        if (export == null) {
            return Response.ok(board, MediaType.APPLICATION_JSON).build();
        }
        Response.ResponseBuilder ok = Response.ok(export.render(board).getBytes(StandardCharsets.UTF_8),
                export.mediaType() + "; charset=utf-8");
        if (export != LeaderboardFormat.TABLE) {
            ok.header("Content-Disposition", "attachment; filename=\"" + fileName(datasetId, export) + "\"");
        }
        return ok.build();
    }

    /** The download's name: {@code leaderboard-ID.EXT}, the id's characters outside [A-Za-z0-9._-] as '_'. */
    static String fileName(String datasetId, LeaderboardFormat format) {
        return "leaderboard-" + datasetId.replaceAll("[^A-Za-z0-9._-]", "_") + "." + format.extension();
    }

    private static LeaderboardFormat export(String format) {
        try {
            return LeaderboardFormat.of(format);
        } catch (IllegalArgumentException e) {
            throw ApiException.badRequest(e.getMessage(), List.of(new ApiException.FieldError("format", format,
                    "one of json, table, csv, md, latex")));
        }
    }
}
