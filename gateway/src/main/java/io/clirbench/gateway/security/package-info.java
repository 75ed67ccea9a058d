/**
 * The gateway's side of authentication: the sign-in page and the session cookie. The mechanism itself (bearer token
 * or cookie, identity provider, Host / Origin / form-content checks) is the shared module {@code auth}
 * ({@code io.clirbench.auth}), used by the eval-service too; the role of each path is set by the
 * {@code quarkus.http.auth.permission.*} lines of {@code application.properties}.
 */
package io.clirbench.gateway.security;
