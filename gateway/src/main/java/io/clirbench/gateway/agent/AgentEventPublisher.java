package io.clirbench.gateway.agent;

import io.clirbench.gateway.messaging.KafkaSender;
import io.clirbench.proto.Topics;
import io.clirbench.proto.agent.v1.AgentEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Publishes agent events on {@code agent-calls.v1}, keyed by run id, and waits for the broker's acknowledgement
 * (acks=all, idempotent) so an event is stored before the agent gets the call's result. No linger
 * ({@link KafkaSender.Settings#perCall}): a call waits for its own event only, and concurrent calls share the
 * producer's batches.
 */
@ApplicationScoped
public class AgentEventPublisher {


    private final KafkaSender sender;

    AgentEventPublisher(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers) {
        this.sender = new KafkaSender(bootstrapServers, KafkaSender.Settings.perCall("gateway-agent"));
    }

    /** Sends and waits; throws {@link IllegalStateException} naming the broker when it fails. */
    public void publish(String runId, AgentEvent event) {
        sender.sendAndWait(Topics.AGENT_CALLS, runId, event.toByteArray());
    }

    @PreDestroy
    void close() {
        sender.close();
    }
}
