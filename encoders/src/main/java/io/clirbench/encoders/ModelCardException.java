package io.clirbench.encoders;

/** A model card that cannot be used; the message names the card file and the field. */
public final class ModelCardException extends RuntimeException {

    public ModelCardException(String source, String field, String problem) {
        super(source + ": field '" + field + "' " + problem);
    }

    public ModelCardException(String message, Throwable cause) {
        super(message, cause);
    }
}
