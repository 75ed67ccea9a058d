package io.clirbench.lexical;

/** The BM25 index cannot read or write its data; the message names the index and the cause. */
public class LexicalIndexException extends RuntimeException {

    public LexicalIndexException(String message, Throwable cause) {
        super(message, cause);
    }
}
