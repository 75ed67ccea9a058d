package io.clirbench.encoders;

import java.util.Locale;

/**
 * A card's sparse output ({@code "sparse": {"output": NAME, "activation": "splade" | "relu-max"}}): per text, a weight for
 * each token id of the card's tokenizer (score = dot product of the weights).
 *
 * <ul>
 *   <li>{@code splade} (SPLADE): the output is the MLM head's logits {@code [batch, seq, vocab]}; the weight of vocabulary
 *       entry {@code j} is {@code max over attended positions t of log(1 + relu(logits[t][j]))}.</li>
 *   <li>{@code relu-max} (bge-m3's sparse head): the output is one value per token, {@code [batch, seq, 1]} or
 *       {@code [batch, seq]}; the weight of token id {@code j} is {@code max of relu(value[t])} over the attended positions
 *       {@code t} that hold {@code j}, the tokenizer's special tokens left out (bge-m3 drops CLS, EOS, PAD and UNK).</li>
 * </ul>
 * Entries of weight 0 are dropped.
 *
 * @param output the output tensor's name
 * @param activation how the output becomes weights
 */
public record SparseOutput(String output, Activation activation) {

    /** How the output becomes weights. */
    public enum Activation {
        SPLADE("splade"), RELU_MAX("relu-max");

        private final String cardName;

        Activation(String cardName) {
            this.cardName = cardName;
        }

        public String cardName() {
            return cardName;
        }

        /** {@code splade} or {@code relu-max}; {@link IllegalArgumentException} naming both otherwise. */
        public static Activation parse(String value) {
            for (Activation a : values()) {
                if (a.cardName.equals(value.toLowerCase(Locale.ROOT))) {
                    return a;
                }
            }
            throw new IllegalArgumentException("must be \"splade\" or \"relu-max\", found \"" + value + "\"");
        }
    }
}
