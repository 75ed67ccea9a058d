package io.clirbench.gateway.client;

import io.clirbench.gateway.config.EncoderEndpoints;
import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The encoders the gateway can use now: the configured ones ({@link EncoderEndpoints}: properties and
 * {@code gateway.encoders-dir}) and, when {@code gateway.encoders-discovery} is set, the models its
 * embedders report (asked again at most every {@link EmbedderDiscovery#CACHE}). A configured model
 * wins over a discovered one of the same id: its endpoints are used as configured.
 */
@ApplicationScoped
public class Encoders {

    /** Deadline of one discovery Info call: a pod that takes longer is left out this time. */
    static final long INFO_DEADLINE_MILLIS = 2000;

    private static final Logger LOG = Logger.getLogger(Encoders.class);

    private final EncoderEndpoints configured;
    private final Optional<EmbedderDiscovery> discovery;

    Encoders(EncoderEndpoints configured, GatewayConfig config, Resolver resolver, GrpcChannels channels) {
        this.configured = configured;
        this.discovery = config.encodersDiscovery().map(hostPort -> new EmbedderDiscovery(hostPort, resolver,
                endpoint -> EmbedServiceGrpc.newBlockingStub(channels.forTarget(endpoint))
                        .withDeadlineAfter(INFO_DEADLINE_MILLIS, TimeUnit.MILLISECONDS).info(InfoRequest.getDefaultInstance()),
                System::nanoTime));
    }

    /** Every model, sorted by id, with its endpoints (configured first, then discovered). */
    public Map<String, List<String>> all() {
        Map<String, List<String>> out = new TreeMap<>(configured.all());
        discovery.ifPresent(d -> d.models().forEach((model, endpoints) -> {
            if (out.putIfAbsent(model, endpoints) != null) {
                LOG.debugf("encoder %s: configured endpoints %s win over discovered %s", model, out.get(model), endpoints);
            }
        }));
        return Collections.unmodifiableMap(out);
    }

    /** The endpoints of a model; empty when it is neither configured nor discovered. */
    public List<String> of(String modelId) {
        List<String> fixed = configured.of(modelId);
        if (!fixed.isEmpty() || discovery.isEmpty()) {
            return fixed;
        }
        return discovery.get().models().getOrDefault(modelId, List.of());
    }

    /** Why {@code model} cannot be used now (neither configured nor discovered); empty when it can. */
    public java.util.Optional<String> problem(String model) {
        java.util.Set<String> models = all().keySet();
        return models.contains(model) ? java.util.Optional.empty()
                : java.util.Optional.of("unknown model '" + model + "' (configured or discovered: " + models.stream().sorted().toList() + ")");
    }
}
