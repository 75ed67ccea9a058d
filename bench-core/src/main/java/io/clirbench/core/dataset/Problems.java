package io.clirbench.core.dataset;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the problems of a whole input, so that a reader reports all of them at once
 * instead of stopping at the first (fix-one-rerun-repeat is slow on large files). The first {@value #KEPT} are kept,
 * the rest only counted (issue 45: a qrels file of 3,000,000 unknown ids once filled the gateway's heap with problems).
 */
public final class Problems {

    /** Problems kept with their text; past them only the count grows. */
    public static final int KEPT = 1_000;

    private final List<Problem> list = new ArrayList<>();
    private int count;

    /** Records a problem on a line of a file. */
    public void add(String file, int line, String message) {
        count++;
        if (list.size() < KEPT) {
            list.add(new Problem(file, line, message));
        }
    }

    /** Records a file-level problem. */
    public void add(String file, String message) {
        add(file, 0, message);
    }

    /** How many problems were recorded so far (kept or only counted). */
    public int size() {
        return count;
    }

    public boolean isEmpty() {
        return count == 0;
    }

    /** The first {@value #KEPT} problems found so far, in order. */
    public List<Problem> list() {
        return List.copyOf(list);
    }

    /** Throws a {@link DatasetFormatException} listing the problems kept and counting every one, if there is any. */
    public void throwIfAny() {
        if (count > 0) {
            throw new DatasetFormatException(list, count);
        }
    }
}
