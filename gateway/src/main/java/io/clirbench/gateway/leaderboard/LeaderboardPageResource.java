package io.clirbench.gateway.leaderboard;

import io.clirbench.gateway.page.PageResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** {@code GET /leaderboard/{datasetId}}: the leaderboard page (server-rendered, sortable, with export links). */
@Path("/leaderboard")
@Produces(MediaType.TEXT_HTML)
@Tag(name = "pages")
public class LeaderboardPageResource {

    private final LeaderboardService leaderboards;

    LeaderboardPageResource(LeaderboardService leaderboards) {
        this.leaderboards = leaderboards;
    }

    @GET
    @Path("/{datasetId}")
    @Operation(summary = "The dataset's leaderboard (HTML): ?measure= as the API, ?sort=COLUMN opens it sorted by that column")
    public String page(@PathParam("datasetId") String datasetId, @QueryParam("measure") List<String> measures) {
        return PageResource.page("Leaderboard " + datasetId, "", LeaderboardPage.body(leaderboards.of(datasetId, measures)));
    }
}
