/**
 * REST plumbing of the gateway and the eval-service: {@link io.clirbench.service.rest.ProblemMapper}, the one
 * exception mapper (RFC 9457 problem+json), {@link io.clirbench.service.rest.ApiException} for errors the resources
 * raise, {@link io.clirbench.service.rest.DomainProblems}, the port through which a service maps its own failures,
 * and {@link io.clirbench.service.rest.StrictJsonCustomizer} (request bodies read strictly).
 */
package io.clirbench.service.rest;
