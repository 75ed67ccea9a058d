package io.clirbench.core.agentic.eval;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The aggregates of one run (METRICS.md §5): the value of every measure of an {@link AgentMeasures} registry, by key in
 * registry order. The accessors name the {@link AgentMeasures#STANDARD} ones for the code that reads one of them.
 *
 * @param name   run name
 * @param model  agent model, {@code null} when unknown
 * @param mode   the scoring mode
 * @param values every measure's value by {@link AgentMeasure#key()} (Integer, Double or {@code null}, or a map)
 */
public record RunSummary(String name, String model, ScoringMode mode, Map<String, Object> values) {

    public RunSummary {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** Aggregates the scores of a run on the standard measures. */
    public static RunSummary of(RunScores run, ScoringMode mode) {
        return of(run, mode, AgentMeasures.STANDARD);
    }

    /** Aggregates the scores of a run on the measures of a registry. */
    public static RunSummary of(RunScores run, ScoringMode mode, AgentMeasures measures) {
        return new RunSummary(run.name(), run.model(), mode, measures.values(run, mode));
    }

    /** The value of a measure ({@code null} when undefined or not in the registry). */
    public Object value(String key) {
        return values.get(key);
    }

    /** The value of a numeric measure as a double, {@code null} when undefined. */
    public Double number(String key) {
        Object v = values.get(key);
        return v == null ? null : ((Number) v).doubleValue();
    }

    /** report.json's {@code summary}: name, model, mode, then every measure in registry order. */
    public Map<String, Object> json() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("name", name);
        out.put("model", model);
        out.put("mode", mode);
        out.putAll(values);
        return out;
    }

    /** The accuracy denominator (default: every question; BrowseComp-Plus: run files scored). */
    public int queries() {
        return count("queries");
    }

    /** Scored queries that have a run. */
    public int runFiles() {
        return count("runFiles");
    }

    /** Questions without a run. */
    public int missing() {
        return count("missing");
    }

    /** Traces that match no question. */
    public int unexpected() {
        return count("unexpected");
    }

    /** Run files skipped. */
    public int skipped() {
        return count("skipped");
    }

    /** Queries labelled correct. */
    public int correct() {
        return count("correct");
    }

    /** {@code correct / queries}. */
    public double accuracy() {
        return number(AgentMeasures.ACCURACY.key());
    }

    /** Mean evidence recall over queries with evidence (and a run); {@code null} when none. */
    public Double evidenceRecall() {
        return number(AgentMeasures.EVIDENCE_RECALL.key());
    }

    /** Its n. */
    public int evidenceRecallQueries() {
        return count("evidenceRecallQueries");
    }

    /** Mean gold recall, {@code null} when no gold. */
    public Double goldRecall() {
        return number("goldRecall");
    }

    /** Σ calls of the tool / run files, in first-seen tool order. */
    @SuppressWarnings("unchecked")
    public Map<String, Double> avgToolStats() {
        return (Map<String, Double>) values.get("avgToolStats");
    }

    /** Answers that cite anything. */
    public int withCitations() {
        return count("withCitations");
    }

    /** {@code withCitations / runFiles}. */
    public double citationCoverage() {
        return number("citationCoverage");
    }

    /** Mean cited docids over answers with citations. */
    public double citationsPerAnswer() {
        return number("citationsPerAnswer");
    }

    /** Mean precision over answers with citations. */
    public double citationPrecision() {
        return number("citationPrecision");
    }

    /** Mean recall over answers with citations (default: and evidence). */
    public double citationRecall() {
        return number("citationRecall");
    }

    /** In percent; {@code null} when not reported. */
    public Double calibrationError() {
        return number("calibrationError");
    }

    /** Answers that entered it. */
    public int calibrationAnswers() {
        return count("calibrationAnswers");
    }

    private int count(String key) {
        return ((Number) values.get(key)).intValue();
    }

    /** The calibration error of the given answers (those with a confidence). */
    static Double calibration(List<AgentQueryScore> answers, ScoringMode mode) {
        double[] conf = answers.stream().mapToDouble(AgentQueryScore::confidence).toArray();
        boolean[] ok = new boolean[answers.size()];
        String[] ids = new String[answers.size()];
        for (int i = 0; i < ok.length; i++) {
            ok[i] = answers.get(i).correct();
            ids[i] = answers.get(i).queryId();
        }
        return Calibration.error(conf, ok, ids, mode);
    }

    static Double mean(double[] values) {
        return AgentMeasure.mean(values);
    }
}
