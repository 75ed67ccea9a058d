/**
 * The typed view of the gateway's REST answers the CLI reads: records with the fields it uses, read by
 * {@link io.clirbench.cli.gateway.GatewayClient}. They are checked, not generated: a CLI test derives the contract (path,
 * field, JSON type) from these records into {@code src/test/resources/gateway-client-contract.tsv}, and a gateway test
 * checks every row against its {@code /q/openapi} document, so a renamed or retyped gateway field fails a build.
 */
package io.clirbench.cli.gateway.api;
