package io.clirbench.gateway.agent;

import io.clirbench.core.stats.Stats;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Configuration of agent runs (prefix {@code agent}); see the gateway README "Agent runs". */
@ConfigMapping(prefix = "agent")
public interface AgentConfig {

    /** The longest search query accepted, in characters (BrowseComp-Plus queries are a sentence or two). */
    @WithDefault("2000")
    int maxQueryChars();

    /** The largest k a session may ask for. */
    @WithDefault("100")
    int maxK();

    /** The longest snippet a session may ask for, in tokens. */
    @WithDefault("4096")
    int maxSnippetTokens();

    /** Bootstrap resamples of the eval-service's report unless the request says otherwise. */
    @WithDefault("" + Stats.DEFAULT_BOOTSTRAP)
    int bootstrap();
}
