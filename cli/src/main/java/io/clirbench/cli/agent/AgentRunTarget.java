package io.clirbench.cli.agent;

import io.clirbench.cli.GatewayOptions;
import io.clirbench.cli.StackOptions;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of a command that plays a gateway agent run ({@code bench agent baseline}, {@code bench agent llm}):
 * {@code --run ID}, {@code --no-close}, and where the gateway is.
 */
public final class AgentRunTarget {

    @Option(names = "--run", paramLabel = "ID", description = "The agent run (POST /api/agent-runs).")
    String run;

    @Option(names = "--no-close", description = "Leave the run open after the last answer.")
    boolean noClose;

    @Mixin
    StackOptions stack;

    @Mixin
    GatewayOptions gatewayOptions;

    /** The run's id; an error when {@code --run} was not given. */
    public String run() {
        if (run == null) {
            throw new IllegalArgumentException("Missing required option: '--run=ID'");
        }
        return run;
    }

    /** Whether {@code --run} was given. */
    public boolean given() {
        return run != null;
    }

    /** A client of the gateway's agent-run API with the runner token. */
    public AgentRunClient client() {
        return new AgentRunClient(gatewayOptions.url(stack), gatewayOptions.token(stack));
    }

    /** The last lines of a play: how many questions were answered, and the run closed unless {@code --no-close}. */
    public void finish(AgentRunClient client, int answered) {
        System.err.println("answered " + answered + " questions of agent run " + run);
        if (!noClose) {
            System.err.println("closed: " + client.close(run));
        }
    }
}
