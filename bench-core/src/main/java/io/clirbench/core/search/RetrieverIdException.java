package io.clirbench.core.search;

/** A text that is not a retriever id; the message names the value, the reason and the accepted forms. */
public final class RetrieverIdException extends IllegalArgumentException {

    private final String value;
    private final String reason;
    private final String forms;

    /** {@code value} the text given, {@code reason} what is wrong, {@code forms} the grammar's forms. */
    public RetrieverIdException(String value, String reason, String forms) {
        super("retriever '" + value + "': " + reason + "; expected " + forms);
        this.value = value;
        this.reason = reason;
        this.forms = forms;
    }

    /** The text given (may be null). */
    public String value() {
        return value;
    }

    /** The accepted forms: {@code bm25 | MODEL/INDEX (INDEX: exact, hnsw, qdrant)}. */
    public String forms() {
        return forms;
    }

    /** What is wrong, without the value and the forms ({@code unknown index kind 'ivf' (exact, hnsw, qdrant)}). */
    public String reason() {
        return reason;
    }
}
