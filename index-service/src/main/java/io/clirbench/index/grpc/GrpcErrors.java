package io.clirbench.index.grpc;

import io.clirbench.index.store.CollectionExistsException;
import io.clirbench.index.store.CollectionNotFoundException;
import io.clirbench.index.store.InvalidRequestException;
import io.clirbench.index.store.StoreFailureException;
import io.clirbench.index.store.UnsupportedByKindException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;

/** Maps domain exceptions to gRPC statuses with a description (ARCHITECTURE.md "Contracts and conventions"). */
final class GrpcErrors {

    private GrpcErrors() {
    }

    static StatusRuntimeException toStatus(Throwable t) {
        if (t instanceof StatusRuntimeException s) {
            return s;
        }
        Status status;
        if (t instanceof CollectionNotFoundException) {
            status = Status.NOT_FOUND;
        } else if (t instanceof CollectionExistsException) {
            status = Status.ALREADY_EXISTS;
        } else if (t instanceof InvalidRequestException || t instanceof IllegalArgumentException) {
            status = Status.INVALID_ARGUMENT;
        } else if (t instanceof UnsupportedByKindException) {
            status = Status.FAILED_PRECONDITION;
        } else if (t instanceof StoreFailureException || t instanceof java.io.UncheckedIOException) {
            // a store that cannot read or write its data: the stores wrap I/O as StoreFailureException
            // naming the collection or file; a bare UncheckedIOException that slips through is the same kind
            status = Status.INTERNAL;
        } else {
            status = Status.UNKNOWN;
        }
        return status.withDescription(t.getMessage()).withCause(t).asRuntimeException();
    }
}
