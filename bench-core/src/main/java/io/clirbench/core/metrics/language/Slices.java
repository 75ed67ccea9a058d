package io.clirbench.core.metrics.language;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Splits query outcomes into slices by a query attribute (METRICS.md §2 "Slicing"): {@code lang},
 * {@code family}, {@code no-home} ({@code no-home} / {@code home}) or any metadata field. A query
 * without the field goes to the slice {@code (none)}; a list value is one slice per element.
 */
public final class Slices {

    /** The slice name of queries that lack the field. */
    public static final String NONE = "(none)";

    private Slices() {
    }

    /** The outcomes grouped by the value of {@code key}, slices sorted by value. */
    public static Map<String, List<QueryOutcome>> by(String key, List<QueryOutcome> outcomes) {
        Map<String, List<QueryOutcome>> slices = new TreeMap<>();
        for (QueryOutcome outcome : outcomes) {
            for (String value : valuesOf(key, outcome)) {
                slices.computeIfAbsent(value, v -> new ArrayList<>()).add(outcome);
            }
        }
        return slices;
    }

    private static List<String> valuesOf(String key, QueryOutcome outcome) {
        switch (key) {
            case "lang":
                return List.of(outcome.queryLanguage());
            case "family":
                return List.of(outcome.query().family());
            case "no-home":
                return List.of(outcome.hasSame() ? "home" : "no-home");
            default:
                Object value = outcome.query().metadata().get(key);
                if (value == null) {
                    return List.of(NONE);
                }
                if (value instanceof Collection<?> values) {
                    return values.isEmpty() ? List.of(NONE) : values.stream().map(String::valueOf).distinct().toList();
                }
                return List.of(String.valueOf(value));
        }
    }

    /**
     * Pools the outcomes of several datasets into one list: each query's family is prefixed with its
     * dataset id, so equal family names from different datasets stay distinct clusters.
     */
    public static List<QueryOutcome> pool(Map<String, List<QueryOutcome>> byDataset) {
        List<QueryOutcome> pooled = new ArrayList<>();
        byDataset.forEach((datasetId, outcomes) -> {
            for (QueryOutcome o : outcomes) {
                var q = o.query();
                var renamed = new io.clirbench.core.model.Query(datasetId + "/" + q.id(), q.text(), q.lang(),
                        datasetId + "/" + q.family(), q.metadata());
                pooled.add(new QueryOutcome(renamed, o.goldLangs(), o.same(), o.ranks()));
            }
        });
        return pooled;
    }
}
