/**
 * The built-in answer judge ({@code bench agent judge}, METRICS.md §5 "Answer judge"): every answer of an agent run is
 * judged by an LLM with a grader prompt ({@code bcp}: BrowseComp-Plus's; {@code xbcp}: the same extended for
 * translations, transliterations and small numerical deviations; or the user's file), its reply parsed into the verdict
 * fields, malformed replies asked again and finally recorded as unjudged, through the build pipelines' response cache,
 * budget and bounded concurrency ({@link io.clirbench.core.llm}); the judgements are written in BrowseComp-Plus's
 * per-query evaluation layout, which {@link io.clirbench.core.agentic.format.JudgementReader} reads in both scoring modes.
 */
package io.clirbench.core.agentic.judge;
