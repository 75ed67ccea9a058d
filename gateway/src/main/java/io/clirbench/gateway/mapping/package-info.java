/**
 * Protobuf messages built from domain values and read back into them: index.v1 requests and hits
 * ({@link io.clirbench.gateway.mapping.IndexMapper}), embed.v1 roles and Info
 * ({@link io.clirbench.gateway.mapping.EmbedMapper}), events.v1 run events and query results
 * ({@link io.clirbench.gateway.mapping.EventMapper}). Every other package works with domain types
 * (bench-core {@code Document}, {@code RankedList}, {@code RetrieverId}; the gateway's snapshots); only
 * {@code client/} and {@code messaging/} hand the messages built here to gRPC and Kafka.
 */
package io.clirbench.gateway.mapping;
