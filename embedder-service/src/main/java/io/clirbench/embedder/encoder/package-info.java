/**
 * The encoder pipeline, free of framework imports: read a card, load the model, embed.
 *
 * <pre>{@code
 * ModelCard card = ModelCardReader.read("classpath:models/e5-small-v2-q.json");
 * try (Encoder encoder = Encoder.load(card, 2, "cpu")) {
 *     float[][] vectors = encoder.embed(List.of("what is a catalyst?"), Role.QUERY, encoder.planner(8192, 64));
 * }
 * }</pre>
 *
 * <p>{@link io.clirbench.embedder.encoder.ModelCard} says how text becomes a vector (template,
 * lower-casing, truncation, pooling, Matryoshka dimension, normalisation);
 * {@link io.clirbench.embedder.encoder.TextTokenizer} and
 * {@link io.clirbench.embedder.encoder.OnnxEncoder} do it (a {@code static} card:
 * {@link io.clirbench.embedder.encoder.StaticVocabulary} and {@link io.clirbench.embedder.encoder.StaticVectors},
 * behind the same {@link io.clirbench.embedder.encoder.Tokenization} and {@link io.clirbench.embedder.encoder.Inference} ports);
 * {@link io.clirbench.embedder.encoder.BatchPlanner} cuts length-sorted, token-bounded batches;
 * {@link io.clirbench.embedder.encoder.DynamicBatcher} merges many callers behind a bounded queue.
 */
package io.clirbench.embedder.encoder;
