package io.clirbench.embedder.encoder;

/**
 * One text as the model sees it: token ids (special tokens included) and type ids.
 *
 * @param truncated whether the text was cut at the card's {@code maxTokens}
 */
public record TokenizedText(long[] ids, long[] typeIds, boolean truncated) {

    public int length() {
        return ids.length;
    }
}
