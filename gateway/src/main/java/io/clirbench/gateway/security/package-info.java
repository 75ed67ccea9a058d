/**
 * The gateway's side of authentication: the sign-in page, the server-side sign-in sessions ({@code SignInSessions},
 * the {@code SessionLookup} of module {@code auth}) and their cookie. The mechanism itself (bearer token or session
 * cookie, identity providers, Host / Origin / content-type checks) is the shared module {@code auth}
 * ({@code io.clirbench.auth}), used by the eval-service too; the role of each path is set by the
 * {@code quarkus.http.auth.permission.*} lines of {@code application.properties}.
 */
package io.clirbench.gateway.security;
