package io.clirbench.encoders;

import java.util.Locale;

/** What one text becomes: a vector (the card's pooling), token-id weights, or one vector per token. */
public enum OutputKind {
    DENSE, SPARSE, MULTIVECTOR;

    /** The card's and Info's spelling: {@code dense}, {@code sparse}, {@code multivector}. */
    public String cardName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
