package io.clirbench.core.format.trec;

/** A malformed TREC run file; the message names the file, the line and the offending value. */
public class RunFormatException extends RuntimeException {

    private final String file;
    private final long line;

    /** {@code message} describes the problem; the exception message is "{@code file} line {@code line}: {@code message}". */
    public RunFormatException(String file, long line, String message) {
        super(file + " line " + line + ": " + message);
        this.file = file;
        this.line = line;
    }

    /** The file, as it was named to the reader. */
    public String file() {
        return file;
    }

    /** The 1-based line number. */
    public long line() {
        return line;
    }
}
