package io.clirbench.embedder.metrics;

import io.clirbench.encoders.DynamicBatcher;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;

/**
 * Micrometer meters of the embedder (Prometheus at {@code /q/metrics}): texts and tokens
 * (rate() gives texts/s and tokens/s), batch size, padding, queue depth, latencies.
 */
@ApplicationScoped
public class EmbedderMetrics implements DynamicBatcher.Listener {

    private final MeterRegistry registry;
    private final Counter texts;
    private final Counter tokens;
    private final Counter paddedTokens;
    private final DistributionSummary batchSize;
    private final Timer batchLatency;
    private final Timer requestLatency;
    private final Counter rejected;

    public EmbedderMetrics(MeterRegistry registry) {
        this.registry = registry;
        this.texts = Counter.builder("embedder.texts").description("texts embedded").register(registry);
        this.tokens = Counter.builder("embedder.tokens").description("tokens fed to the model, without padding").register(registry);
        this.paddedTokens = Counter.builder("embedder.tokens.padded").description("tokens the model ran, padding included").register(registry);
        this.batchSize = DistributionSummary.builder("embedder.batch.size").description("texts per inference call")
                .publishPercentileHistogram().serviceLevelObjectives(1, 2, 4, 8, 16, 32, 64, 128).register(registry);
        this.batchLatency = Timer.builder("embedder.batch.latency").description("one inference call")
                .publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofSeconds(30))
                .register(registry);
        this.requestLatency = Timer.builder("embedder.request.latency").description("one Embed request, queueing included")
                .publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofSeconds(60))
                .register(registry);
        this.rejected = Counter.builder("embedder.requests.rejected").description("requests refused: queue full").register(registry);
    }

    @Override
    public void batch(int count, int tokenCount, int padded, long nanos) {
        texts.increment(count);
        tokens.increment(tokenCount);
        paddedTokens.increment(padded);
        batchSize.record(count);
        batchLatency.record(Duration.ofNanos(nanos));
    }

    public void request(long nanos) {
        requestLatency.record(Duration.ofNanos(nanos));
    }

    public void rejected() {
        rejected.increment();
    }

    public void bindQueue(DynamicBatcher batcher) {
        Gauge.builder("embedder.queue.depth", batcher, DynamicBatcher::depth).description("texts queued or in flight").register(registry);
    }
}
