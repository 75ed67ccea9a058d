package io.clirbench.gateway.security;

import io.clirbench.auth.SessionCookie;
import io.clirbench.service.rest.ApiException;
import io.quarkus.security.credential.TokenCredential;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.ws.rs.CookieParam;
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
 * Browsers' sign-in ({@link SignInResource} is the page): {@code POST /api/session} with the token as a bearer token
 * opens a server-side session ({@link SignInSessions}) and sets its id, never the token, as the cookie; {@code DELETE}
 * deletes the session (a copied cookie stops working too) and clears the cookie. The cookie is {@code HttpOnly} (no
 * script reads it), {@code SameSite=Strict} (no other site's page sends it), {@code Secure} when the request came over
 * HTTPS, and expires with the session ({@code clirbench.auth.session-expiry}).
 */
@Path("/api/session")
@Tag(name = "session")
public class SessionResource {

    private final SecurityIdentity identity;
    private final SignInSessions sessions;

    SessionResource(SecurityIdentity identity, SignInSessions sessions) {
        this.identity = identity;
        this.sessions = sessions;
    }

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sign in: the bearer token of the request (runner or reader) opens a session; its id is set as the cookie")
    public Response signIn(@Context UriInfo uri) {
        if (identity.getCredential(TokenCredential.class) == null) {
            // a session cookie alone does not open another session: sign-in needs the token itself
            throw new ApiException(400, "Bad Request", "sign in with the token: Authorization: Bearer TOKEN");
        }
        String id = sessions.open(identity.getPrincipal().getName());
        return Response.ok(Map.of("principal", identity.getPrincipal().getName(), "roles", new TreeSet<>(identity.getRoles()),
                        "expiresInSeconds", sessions.expiry().toSeconds()))
                .cookie(cookie(id, uri, (int) Math.min(Integer.MAX_VALUE, sessions.expiry().toSeconds())))
                .header("Cache-Control", "no-store").build();
    }

    @DELETE
    @Operation(summary = "Sign out: the session is deleted on the server and its cookie cleared")
    public Response signOut(@Context UriInfo uri, @CookieParam(SessionCookie.NAME) String session) {
        sessions.close(session);
        return Response.noContent().cookie(cookie("", uri, 0)).build();
    }

    private static NewCookie cookie(String value, UriInfo uri, int maxAge) {
        return new NewCookie.Builder(SessionCookie.NAME).value(value).path("/").httpOnly(true)
                .secure("https".equalsIgnoreCase(uri.getRequestUri().getScheme())).sameSite(NewCookie.SameSite.STRICT)
                .maxAge(maxAge).build();
    }
}
