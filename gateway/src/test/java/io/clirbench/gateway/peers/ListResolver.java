package io.clirbench.gateway.peers;

import io.clirbench.gateway.client.Resolver;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.util.List;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Stands in for DNS (enabled by {@code DiscoveryProfile}): any name resolves to the endpoints in
 * {@code test.discovery.endpoints}, which {@link DiscoveryPeersResource} sets to its peers (one local
 * port per "pod", where DNS would give one IP per pod).
 */
@Alternative
@ApplicationScoped
public class ListResolver implements Resolver {

    @Override
    public List<String> resolve(String hostPort) {
        return List.of(ConfigProvider.getConfig().getValue("test.discovery.endpoints", String.class).split(","));
    }
}
