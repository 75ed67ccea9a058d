package io.clirbench.core.dataset;

import java.util.Objects;

/**
 * One problem found in a dataset file: the file name, the 1-based line (0 for a file-level
 * problem) and a message that names the offending value.
 *
 * @param file    the file name, e.g. {@code qrels.tsv}
 * @param line    1-based line number, or 0 when the problem concerns the whole file
 * @param message what is wrong, naming the value, e.g. {@code unknown document id 'X'}
 */
public record Problem(String file, int line, String message) {

    public Problem {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(message, "message");
        if (message.length() > MAX_MESSAGE_CHARS) {
            message = message.substring(0, MAX_MESSAGE_CHARS - 3) + "...";
        }
    }

    /** A message longer than this is cut: it never carries more than a short quote of a file's content. */
    public static final int MAX_MESSAGE_CHARS = 500;

    /** Formats as {@code qrels.tsv line 42: unknown document id 'X'} or {@code dataset.json: missing field 'id'}. */
    @Override
    public String toString() {
        return line > 0 ? file + " line " + line + ": " + message : file + ": " + message;
    }
}
