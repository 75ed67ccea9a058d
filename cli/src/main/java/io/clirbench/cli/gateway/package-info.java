/**
 * The gateway's HTTP API as the CLI uses it, against the local stack or a gateway on Kubernetes:
 * {@link io.clirbench.cli.gateway.GatewayClient} (requests, problem+json errors),
 * {@link io.clirbench.cli.gateway.RunFollower} (progress until a run ends) and
 * {@link io.clirbench.cli.gateway.ReportDownload} (a run's report files and TREC runs).
 * The local processes ({@code bench up}, {@code down}) are in {@code io.clirbench.cli.stack}.
 */
package io.clirbench.cli.gateway;
