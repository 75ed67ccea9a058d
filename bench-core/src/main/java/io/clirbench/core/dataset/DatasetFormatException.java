package io.clirbench.core.dataset;

import java.util.List;

/** A dataset (or importer input) is invalid; carries every problem found, each naming file, line and value. */
public class DatasetFormatException extends RuntimeException {

    /** How many problems the message lists; the rest are counted ("... and 12 more"). */
    static final int MESSAGE_LIMIT = 50;

    private final transient List<Problem> problems;
    private final int total;

    public DatasetFormatException(List<Problem> problems) {
        this(problems, problems.size());
    }

    /** {@code problems}: the first ones found; {@code total}: how many were found in all (at least as many). */
    public DatasetFormatException(List<Problem> problems, int total) {
        super(format(problems, total));
        if (problems.isEmpty() || total < problems.size()) {
            throw new IllegalArgumentException("a format exception needs at least one problem and a total of at least those");
        }
        this.problems = List.copyOf(problems);
        this.total = total;
    }

    /** A single file-level problem. */
    public DatasetFormatException(String file, String message) {
        this(List.of(new Problem(file, 0, message)));
    }

    /** A single problem on one line. */
    public DatasetFormatException(String file, int line, String message) {
        this(List.of(new Problem(file, line, message)));
    }

    /** The problems kept ({@link Problems#KEPT} at most from a {@link Problems}), in the order found. */
    public List<Problem> problems() {
        return problems;
    }

    /** How many problems were found in all. */
    public int total() {
        return total;
    }

    private static String format(List<Problem> problems, int total) {
        if (total == 1 && !problems.isEmpty()) {
            return problems.get(0).toString();
        }
        StringBuilder sb = new StringBuilder().append(total).append(" problems:");
        problems.stream().limit(MESSAGE_LIMIT).forEach(p -> sb.append("\n  ").append(p));
        int listed = Math.min(MESSAGE_LIMIT, problems.size());
        if (total > listed) {
            sb.append("\n  ... and ").append(total - listed).append(" more");
        }
        return sb.toString();
    }
}
