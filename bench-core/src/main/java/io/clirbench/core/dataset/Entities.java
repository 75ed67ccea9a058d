package io.clirbench.core.dataset;

import java.util.List;
import java.util.Set;

/**
 * The entities read from one JSONL file.
 *
 * @param items     the valid entities, in file order
 * @param ids       every id seen, including those of lines with other problems, so that the qrels
 *                  check does not add a misleading "unknown id" for a line already reported
 * @param languages the languages of the valid entities
 * @param <T>       Document or Query
 */
public record Entities<T>(List<T> items, Set<String> ids, Set<String> languages) {

    public Entities {
        items = List.copyOf(items);
        ids = Set.copyOf(ids);
        languages = Set.copyOf(languages);
    }
}
