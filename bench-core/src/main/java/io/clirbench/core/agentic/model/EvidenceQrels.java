package io.clirbench.core.agentic.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Evidence or gold judgements as lines (query → docids with grade, in file order, duplicates kept):
 * BrowseComp-Plus counts every line (duplicates and grade 0 included), our default mode the distinct
 * documents judged above 0 (METRICS.md §5).
 */
public final class EvidenceQrels {

    private final Map<String, List<Line>> byQuery;

    private EvidenceQrels(Map<String, List<Line>> byQuery) {
        this.byQuery = byQuery;
    }

    /** One judgement line. */
    public record Line(String docid, int grade) {
    }

    /** Builds from lines per query. */
    public static EvidenceQrels of(Map<String, List<Line>> lines) {
        Map<String, List<Line>> copy = new LinkedHashMap<>();
        lines.forEach((q, l) -> copy.put(q, List.copyOf(l)));
        return new EvidenceQrels(Collections.unmodifiableMap(copy));
    }

    /** From graded judgements without duplicates (the task layout's qrels). */
    public static EvidenceQrels ofGrades(Map<String, ? extends Map<String, Integer>> judgements) {
        Map<String, List<Line>> lines = new LinkedHashMap<>();
        judgements.forEach((q, docs) -> {
            List<Line> l = new ArrayList<>();
            docs.forEach((d, g) -> l.add(new Line(d, g)));
            lines.put(q, l);
        });
        return of(lines);
    }

    /** The judged query ids, in file order. */
    public Set<String> queryIds() {
        return byQuery.keySet();
    }

    /** Every line of the query (empty when none). */
    public List<Line> lines(String queryId) {
        return byQuery.getOrDefault(queryId, List.of());
    }

    /** The distinct documents judged above 0, in file order. */
    public Set<String> relevant(String queryId) {
        Set<String> out = new LinkedHashSet<>();
        for (Line l : lines(queryId)) {
            if (l.grade() > 0) {
                out.add(l.docid());
            }
        }
        return out;
    }

    /** The distinct documents on any line (BrowseComp-Plus's set, grade ignored). */
    public Set<String> anyLine(String queryId) {
        Set<String> out = new LinkedHashSet<>();
        lines(queryId).forEach(l -> out.add(l.docid()));
        return out;
    }
}
