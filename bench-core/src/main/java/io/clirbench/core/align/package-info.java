/**
 * Language adapters of an encoder: per-language orthogonal maps into a pivot language's embedding space,
 * learned by orthogonal Procrustes on embedded bilingual lexicon pairs ({@link io.clirbench.core.align.Procrustes})
 * and stored as {@link io.clirbench.core.align.AdapterMatrix} files beside the model card.
 */
package io.clirbench.core.align;
