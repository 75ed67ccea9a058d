package io.clirbench.core.qa.select;

/** A text that is not a QA system id; the message names the value and the accepted forms. */
public final class QaSystemIdException extends IllegalArgumentException {

    /** {@code value} the text given, {@code forms} the grammar's forms as a sentence. */
    public QaSystemIdException(String value, String forms) {
        super("QA system '" + value + "': expected " + forms + " (MODEL and NAME: letters, digits, '.', '_', '-')");
    }
}
