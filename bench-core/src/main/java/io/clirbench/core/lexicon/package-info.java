/**
 * Bilingual lexicons for dictionary query translation (the classic CLIR baseline) and for learning
 * language adapters.
 *
 * <p>{@link io.clirbench.core.lexicon.DictdReader} reads a dictd dictionary (FreeDict's Debian packages:
 * {@code .index} + {@code .dict.dz}) into a {@link io.clirbench.core.lexicon.Lexicon} of single-word
 * headwords and their translations in the dictionary's order; {@link io.clirbench.core.lexicon.LexiconCache}
 * keeps lexicons under a directory, one folder per pair with its licence; {@link io.clirbench.core.lexicon.Routes}
 * says how a query language reaches a document language (same language, direct, through a pivot, or no
 * dictionary) and {@link io.clirbench.core.lexicon.QueryTranslator} translates a query along a route.
 */
package io.clirbench.core.lexicon;
