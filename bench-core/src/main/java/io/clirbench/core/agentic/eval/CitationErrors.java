package io.clirbench.core.agentic.eval;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Citation error analysis of one run (METRICS.md §5, XBCP Appendix G): an error is one cited docid that is not
 * evidence of the query (its family is no evidence family: the distinct documents judged above 0). It is a
 * <em>mapping failure</em> when the query's searches returned at least one evidence document (at any rank, in any
 * call: the query's evidence recall is above 0), else <em>no gold retrieved</em>. In an oracle run the evidence was
 * in the prompt, so each of its errors is a mapping failure. Counted per evidence language and over all queries,
 * beside citation coverage (share of answers citing anything).
 *
 * @param run           the run name
 * @param configuration its configuration
 * @param setting       {@code search} or the oracle variant
 * @param rows          per evidence language (sorted), then {@link ConfigurationComparison#ALL}
 */
public record CitationErrors(String run, String configuration, String setting, List<Row> rows) {

    /**
     * One evidence language.
     *
     * @param language        the evidence language or {@code all}
     * @param answers         answered queries
     * @param citing          of them, citing anything
     * @param coverage        {@code citing / answers} ({@code null} without answers)
     * @param cited           cited docids (deduplicated per answer), summed
     * @param errors          of them, not evidence
     * @param mappingFailures errors of queries whose searches returned evidence
     * @param noGoldRetrieved errors of queries whose searches returned none
     * @param errorShare      {@code errors / cited} ({@code null} without citations)
     * @param mappingShare    {@code mappingFailures / errors} ({@code null} without errors)
     * @param noGoldShare     {@code noGoldRetrieved / errors} ({@code null} without errors)
     */
    public record Row(String language, int answers, int citing, Double coverage, int cited, int errors, int mappingFailures,
                      int noGoldRetrieved, Double errorShare, Double mappingShare, Double noGoldShare) {
    }

    /** The analysis of a run's scores against the benchmark it was scored with; {@code oracle}: an oracle run. */
    public static CitationErrors of(AgentBenchmark b, RunScores scores, String setting, boolean oracle) {
        Map<String, int[]> byLanguage = new TreeMap<>();
        int[] all = new int[6];
        for (AgentQueryScore q : scores.queries()) {
            if (!q.answered()) {
                continue;
            }
            Set<String> evidenceFamilies = new HashSet<>();
            b.evidence().relevant(q.queryId()).forEach(d -> evidenceFamilies.add(b.family(d)));
            int errors = 0;
            for (String d : q.cited()) {
                if (!evidenceFamilies.contains(b.family(d))) {
                    errors++;
                }
            }
            boolean retrieved = oracle || (q.evidenceRecall() != null && q.evidenceRecall() > 0);
            int[] counts = {1, q.cited().isEmpty() ? 0 : 1, q.cited().size(), errors, retrieved ? errors : 0, retrieved ? 0 : errors};
            add(all, counts);
            if (q.language() != null) {
                add(byLanguage.computeIfAbsent(q.language(), l -> new int[6]), counts);
            }
        }
        Map<String, int[]> ordered = new LinkedHashMap<>(byLanguage);
        ordered.remove(ConfigurationComparison.ALL);
        ordered.put(ConfigurationComparison.ALL, all);
        List<Row> rows = new ArrayList<>();
        ordered.forEach((l, c) -> rows.add(new Row(l, c[0], c[1], share(c[1], c[0]), c[2], c[3], c[4], c[5], share(c[3], c[2]),
                share(c[4], c[3]), share(c[5], c[3]))));
        return new CitationErrors(scores.name(), b.configuration(), setting, rows);
    }

    private static void add(int[] into, int[] counts) {
        for (int i = 0; i < into.length; i++) {
            into[i] += counts[i];
        }
    }

    private static Double share(int part, int whole) {
        return whole == 0 ? null : (double) part / whole;
    }
}
