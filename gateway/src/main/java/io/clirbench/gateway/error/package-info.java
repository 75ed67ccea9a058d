/**
 * The domain failures the gateway's services throw when they refuse what a caller asked
 * ({@link io.clirbench.gateway.error.RequestRejectedException}: invalid, not found, conflict, too large,
 * with per-field {@link io.clirbench.gateway.error.InvalidField}s). Only {@code rest/GatewayProblems} (for
 * service-common's {@code ProblemMapper}) turns them into {@code application/problem+json}; nothing outside
 * {@code rest/} knows HTTP statuses.
 */
package io.clirbench.gateway.error;
