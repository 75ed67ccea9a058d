package io.clirbench.kafka;

import java.security.Provider;
import java.security.Security;
import java.util.Set;
import org.apache.kafka.common.security.plain.internals.PlainSaslServerProvider;
import org.apache.kafka.common.security.scram.internals.ScramSaslServerProvider;

/**
 * Kafka registers its SASL server mechanisms (PLAIN, SCRAM) as JVM-wide security providers, once:
 * a later registration under the same name is ignored. A JVM that starts brokers from several class
 * loaders (Quarkus tests: one per test profile) would then hand a new broker the factories of an
 * old loader, whose callbacks its own handlers do not know ("credentials for user could not be
 * verified", UnsupportedCallbackException). Before a broker starts, providers of another loader are
 * removed and this loader's are registered.
 */
final class SaslServerProviders {

    private static final Set<String> KAFKA_PROVIDERS = Set.of(PlainSaslServerProvider.class.getName(),
            ScramSaslServerProvider.class.getName());

    private SaslServerProviders() {
    }

    static synchronized void useThisClassLoader() {
        ClassLoader mine = PlainSaslServerProvider.class.getClassLoader();
        for (Provider provider : Security.getProviders()) {
            if (KAFKA_PROVIDERS.contains(provider.getClass().getName()) && provider.getClass().getClassLoader() != mine) {
                Security.removeProvider(provider.getName());
            }
        }
        PlainSaslServerProvider.initialize();
        ScramSaslServerProvider.initialize();
    }
}
