/**
 * Corpus configurations (METRICS.md §5): {@link io.clirbench.core.agentic.configure.ConfigurationBuilder} assigns
 * evidence languages (original, cross-lingual, multilingual; seeded) and picks each assigned version from the corpus,
 * or asks a {@link io.clirbench.core.agentic.configure.TranslationProvider} and records it;
 * {@link io.clirbench.core.agentic.configure.XquadAgenticBuilder} builds the shipped xquad-agentic task;
 * {@link io.clirbench.core.agentic.configure.OracleSettings} builds a configuration's oracle settings
 * ({@link io.clirbench.core.agentic.configure.OracleVariant}: ORACLE, EN-Oracle, ORACLE-TQ+TP) and
 * {@link io.clirbench.core.agentic.configure.OraclePrompt} renders their prompt.
 */
package io.clirbench.core.agentic.configure;
