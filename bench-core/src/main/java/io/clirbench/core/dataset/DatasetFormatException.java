package io.clirbench.core.dataset;

import java.util.List;

/** A dataset (or importer input) is invalid; carries every problem found, each naming file, line and value. */
public class DatasetFormatException extends RuntimeException {

    /** How many problems the message lists; the rest are counted ("... and 12 more"). */
    static final int MESSAGE_LIMIT = 50;

    private final transient List<Problem> problems;

    public DatasetFormatException(List<Problem> problems) {
        super(format(problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a format exception needs at least one problem");
        }
        this.problems = List.copyOf(problems);
    }

    /** A single file-level problem. */
    public DatasetFormatException(String file, String message) {
        this(List.of(new Problem(file, 0, message)));
    }

    /** A single problem on one line. */
    public DatasetFormatException(String file, int line, String message) {
        this(List.of(new Problem(file, line, message)));
    }

    /** Every problem found, in the order found. */
    public List<Problem> problems() {
        return problems;
    }

    private static String format(List<Problem> problems) {
        if (problems.size() == 1) {
            return problems.get(0).toString();
        }
        StringBuilder sb = new StringBuilder().append(problems.size()).append(" problems:");
        problems.stream().limit(MESSAGE_LIMIT).forEach(p -> sb.append("\n  ").append(p));
        if (problems.size() > MESSAGE_LIMIT) {
            sb.append("\n  ... and ").append(problems.size() - MESSAGE_LIMIT).append(" more");
        }
        return sb.toString();
    }
}
