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
 * <p>{@link io.clirbench.encoders.ModelCard} says how text becomes a vector (template,
 * lower-casing, truncation, pooling, Matryoshka dimension, normalisation);
 * {@link io.clirbench.encoders.TextTokenizer} and
 * {@link io.clirbench.encoders.OnnxEncoder} do it (a {@code static} card:
 * {@link io.clirbench.encoders.StaticVocabulary} and {@link io.clirbench.encoders.StaticVectors},
 * behind the same {@link io.clirbench.encoders.Tokenization} and {@link io.clirbench.encoders.Inference} ports);
 * {@link io.clirbench.encoders.BatchPlanner} cuts length-sorted, token-bounded batches;
 * {@link io.clirbench.encoders.DynamicBatcher} merges many callers behind a bounded queue.
 */
package io.clirbench.encoders;
