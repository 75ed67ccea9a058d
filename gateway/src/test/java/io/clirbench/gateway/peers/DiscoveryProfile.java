package io.clirbench.gateway.peers;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Set;

/** Enables {@link ListResolver} in place of DNS. */
public class DiscoveryProfile implements QuarkusTestProfile {

    @Override
    public Set<Class<?>> getEnabledAlternatives() {
        return Set.of(ListResolver.class);
    }
}
