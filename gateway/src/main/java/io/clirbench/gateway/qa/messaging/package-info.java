/** Publishing of {@code qa-predictions.v1} events (protobuf {@code qa.v1}, keyed by run id). */
package io.clirbench.gateway.qa.messaging;
