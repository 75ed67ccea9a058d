package io.clirbench.gateway.agent;

/**
 * The body of {@code POST /api/agent-runs}.
 *
 * @param task          the task directory on the gateway's machine (or a volume it shares with the eval-service)
 * @param configuration the corpus configuration ({@code original}, {@code cross-lingual}, ...)
 * @param retriever     any retriever id of the Retriever port ({@code bm25}, {@code MODEL/exact}, ...)
 * @param k             results per search call, default 5 (BrowseComp-Plus)
 * @param snippetTokens snippet length in tokens, default 512 (BrowseComp-Plus)
 * @param bootstrap     resamples of the report's intervals; default {@code agent.bootstrap}
 * @param agent         the agent's name or model (the run files' {@code metadata.model}); default {@code agent}
 * @param judge         the answer judge's model, as the eval-service's {@code eval.agent-judge-models} configures it:
 *                      the eval-service judges every answer with it before reporting; absent: exact match labels them
 * @param judgePrompt   the judge's prompt, {@code xbcp} (default) or {@code bcp}
 */
public record AgentRunRequest(String task, String configuration, String retriever, Integer k, Integer snippetTokens,
                              Integer bootstrap, String agent, String judge, String judgePrompt) {
}
