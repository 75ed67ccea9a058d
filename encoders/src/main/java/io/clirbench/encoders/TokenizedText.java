package io.clirbench.encoders;

/**
 * One text as the model sees it: token ids (special tokens included) and type ids.
 *
 * @param truncated whether the text was cut at the card's {@code maxTokens}
 * @param text the text sent to a served model (template applied: {@link RemoteTexts}); null for a local model. A served
 *     model's ids are those of the card's {@code tokenizer} when it has one, else placeholders whose number is the
 *     estimate: either way only their number (the token count batches are planned by) is used
 * @param special which positions hold a special token of the tokenizer ({@code [CLS]}, {@code </s>}, ...); null when
 *     unknown (no position is then taken as special)
 */
public record TokenizedText(long[] ids, long[] typeIds, boolean truncated, String text, boolean[] special) {

    public TokenizedText(long[] ids, long[] typeIds, boolean truncated) {
        this(ids, typeIds, truncated, null, null);
    }

    public TokenizedText(long[] ids, long[] typeIds, boolean truncated, String text) {
        this(ids, typeIds, truncated, text, null);
    }

    public int length() {
        return ids.length;
    }

    /** Whether position {@code i} holds a special token. */
    public boolean isSpecial(int i) {
        return special != null && special[i];
    }
}
