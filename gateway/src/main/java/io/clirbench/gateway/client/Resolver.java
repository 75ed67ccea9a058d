package io.clirbench.gateway.client;

import java.net.UnknownHostException;
import java.util.List;

/**
 * Turns the {@code host:port} of {@code gateway.encoders-discovery} into one {@code address:port}
 * endpoint per address the name has now (every ready pod of a headless Service). The production bean
 * is {@link DnsResolver}; tests replace it to point at local peers on different ports.
 */
public interface Resolver {

    /** Every endpoint behind hostPort; throws when the name does not resolve. */
    List<String> resolve(String hostPort) throws UnknownHostException;
}
