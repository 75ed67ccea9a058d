package io.clirbench.gateway.security;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The sign-in page ({@code GET /sign-in?next=PATH}, open: {@code quarkus.http.auth.permission.sign-in}); {@code next}
 * is kept only when it is a path of this site ({@link SignInTarget}), else the page goes on to {@code /}.
 */
@Path("/sign-in")
@Tag(name = "session")
public class SignInResource {

    @GET
    @Produces(MediaType.TEXT_HTML)
    @Operation(summary = "The sign-in page (open): the token entered once becomes an HttpOnly, SameSite=Strict cookie")
    public Response signInPage(@QueryParam("next") String next) {
        return Response.ok(SignInPage.html(SignInTarget.localPath(next))).header("Cache-Control", "no-store").build();
    }
}
