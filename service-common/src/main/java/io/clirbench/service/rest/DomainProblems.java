package io.clirbench.service.rest;

import java.util.Optional;

/**
 * A service's own failures as problems: a CDI bean of the service (the gateway's request rejections and dataset
 * format errors, with server paths hidden) that {@link ProblemMapper} asks before its generic rules. A service
 * without one gets the generic rules only.
 */
public interface DomainProblems {

    /** The problem of this failure, or empty when it is not one of the service's own. */
    Optional<Problem> problem(Throwable failure);
}
