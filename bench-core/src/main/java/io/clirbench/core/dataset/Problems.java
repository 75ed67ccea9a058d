package io.clirbench.core.dataset;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the problems of a whole input, so that a reader reports all of them at once
 * instead of stopping at the first (fix-one-rerun-repeat is slow on large files).
 */
public final class Problems {

    private final List<Problem> list = new ArrayList<>();

    /** Records a problem on a line of a file. */
    public void add(String file, int line, String message) {
        list.add(new Problem(file, line, message));
    }

    /** Records a file-level problem. */
    public void add(String file, String message) {
        list.add(new Problem(file, 0, message));
    }

    /** How many problems were recorded so far. */
    public int size() {
        return list.size();
    }

    public boolean isEmpty() {
        return list.isEmpty();
    }

    /** The problems found so far, in order. */
    public List<Problem> list() {
        return List.copyOf(list);
    }

    /** Throws a {@link DatasetFormatException} listing every problem, if there is any. */
    public void throwIfAny() {
        if (!list.isEmpty()) {
            throw new DatasetFormatException(list);
        }
    }
}
