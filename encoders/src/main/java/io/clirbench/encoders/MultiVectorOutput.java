package io.clirbench.encoders;

/**
 * A card's multi-vector output ({@code "multivector": {"output": NAME, "dimension": D, "normalize": true,
 * "skipFirstToken": false}}): per text, one vector per attended token (ColBERT, bge-m3's colbert head), scored by MaxSim.
 * The output tensor is {@code [batch, seq, D]}, aligned with the input tokens; padding is dropped by the attention mask,
 * the first token too with {@code skipFirstToken} (bge-m3 drops its CLS), and each row is L2-normalised with
 * {@code normalize} (default true, as ColBERT and bge-m3 do).
 *
 * @param output the output tensor's name
 * @param dimension values per token vector
 * @param normalize L2-normalise each token vector
 * @param skipFirstToken leave out the first token of every text
 */
public record MultiVectorOutput(String output, int dimension, boolean normalize, boolean skipFirstToken) {
}
