package io.clirbench.gateway.security;

import io.clirbench.auth.TokenCookie;
import io.quarkus.security.credential.TokenCredential;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.NewCookie;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Map;
import java.util.TreeSet;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Browsers' session cookie ({@link SignInResource} is the page): {@code POST /api/session} with the token as a bearer
 * token sets it; {@code DELETE} clears it. The cookie is {@code HttpOnly} (no script reads it),
 * {@code SameSite=Strict} (no other site's page sends it) and {@code Secure} when the request came over HTTPS.
 */
@Path("/api/session")
@Tag(name = "session")
public class SessionResource {

    private final SecurityIdentity identity;

    SessionResource(SecurityIdentity identity) {
        this.identity = identity;
    }

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sign in: the bearer token of the request (runner or reader) is set as the session cookie")
    public Response signIn(@Context UriInfo uri) {
        String token = identity.getCredential(TokenCredential.class).getToken();
        return Response.ok(Map.of("principal", identity.getPrincipal().getName(), "roles", new TreeSet<>(identity.getRoles())))
                .cookie(cookie(token, uri, NewCookie.DEFAULT_MAX_AGE)).header("Cache-Control", "no-store").build();
    }

    @DELETE
    @Operation(summary = "Sign out: the session cookie is cleared")
    public Response signOut(@Context UriInfo uri) {
        return Response.noContent().cookie(cookie("", uri, 0)).build();
    }

    private static NewCookie cookie(String value, UriInfo uri, int maxAge) {
        return new NewCookie.Builder(TokenCookie.NAME).value(value).path("/").httpOnly(true)
                .secure("https".equalsIgnoreCase(uri.getRequestUri().getScheme())).sameSite(NewCookie.SameSite.STRICT)
                .maxAge(maxAge).build();
    }
}
