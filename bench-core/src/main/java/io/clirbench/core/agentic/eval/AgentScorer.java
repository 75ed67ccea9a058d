package io.clirbench.core.agentic.eval;

import io.clirbench.core.agentic.format.BcpJudgeResponse;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTrace;
import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.agentic.model.Judgement;
import io.clirbench.core.agentic.model.ToolCall;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Scores each query of a run (METRICS.md §5). Where the modes differ:
 * <ul>
 * <li>recall: default takes the union of the docids returned by search calls (the run file's
 *     {@code retrieved_docids} only when it records no tool calls) against the distinct evidence families judged above 0
 *     (a family found when its configured version was returned); BrowseComp-Plus takes {@code retrieved_docids} against every
 *     qrels line (duplicates and grade 0 in the denominator);</li>
 * <li>citations: corpus-checked bracketed tokens by default (BrowseComp-Plus's digit rule corpus-less);</li>
 * <li>judgements: the {@code correct}/{@code confidence} fields by default; BrowseComp-Plus parses the
 *     {@code judge_response} text with its own parser;</li>
 * <li>confidence for calibration: the answer's own {@code Confidence:} line by default; BrowseComp-Plus takes
 *     the judge's extracted confidence (the stated one under the exact-match rule, where no judge exists).</li>
 * </ul>
 * In both modes an unfinished run (status not {@code completed}, or no output text) has no answer: it is wrong,
 * cites nothing and has no confidence, as BrowseComp-Plus never judges it.
 */
public final class AgentScorer {

    private AgentScorer() {
    }

    /** The scores of a run: one per scored query, plus the run's traces that match no question. */
    public static RunScores score(AgentBenchmark benchmark, AgentRun run, ScoringMode mode, Set<String> corpusIds) {
        Map<String, AgentTrace> traces = new HashMap<>();
        run.traces().forEach(t -> traces.put(t.queryId(), t));
        Set<String> questionIds = new HashSet<>();
        List<AgentQueryScore> scores = new ArrayList<>();
        for (GroundTruth q : benchmark.questions()) {
            questionIds.add(q.queryId());
            AgentTrace trace = traces.get(q.queryId());
            if (trace == null && mode == ScoringMode.BCP) {
                continue; // BrowseComp-Plus scores the run files present
            }
            scores.add(trace == null ? missing(benchmark, q) : scoreQuery(benchmark, q, trace, mode, corpusIds));
        }
        List<String> unexpected = run.traces().stream().map(AgentTrace::queryId).filter(id -> !questionIds.contains(id)).toList();
        return new RunScores(run.name(), run.model(), scores, unexpected, run.skipped());
    }

    private static AgentQueryScore missing(AgentBenchmark b, GroundTruth q) {
        return new AgentQueryScore(q.queryId(), b.evidenceLanguage().get(q.queryId()), false, false, null, null, 0, 0, Map.of(),
                null, null, false, List.of(), null, null);
    }

    private static AgentQueryScore scoreQuery(AgentBenchmark b, GroundTruth q, AgentTrace trace, ScoringMode mode,
                                         Set<String> corpusIds) {
        String id = q.queryId();
        boolean bcp = mode == ScoringMode.BCP;
        Set<String> retrievedDocs = bcp ? null : retrieved(trace);
        Set<String> retrievedFamilies = bcp ? null : families(b, retrievedDocs);
        Double evidenceRecall = bcp ? bcpRecall(trace, b.evidence().lines(id))
                : recall(b, retrievedDocs, retrievedFamilies, b.evidence().relevant(id));
        Double goldRecall = b.gold() == null ? null
                : bcp ? bcpRecall(trace, b.gold().lines(id)) : recall(b, retrievedDocs, retrievedFamilies, b.gold().relevant(id));
        int search = 0;
        for (Map.Entry<String, Integer> e : trace.toolCallCounts().entrySet()) {
            if (ToolCall.isSearchTool(e.getKey())) {
                search += e.getValue();
            }
        }
        int read = trace.toolCallCounts().getOrDefault("get_document", 0);
        boolean answered = trace.answered();
        String exact = answered ? AnswerParser.exactAnswer(trace.finalAnswer()) : null;
        Boolean label = null;
        Double confidence = null;
        List<String> cited = List.of();
        Double precision = null;
        Double citeRecall = null;
        if (answered) {
            double stated = AnswerParser.confidence(trace.finalAnswer());
            Judgement j = b.judgements() == null ? null : b.judgements().get(id);
            if (b.judgements() == null) {
                label = ExactMatch.matches(exact, q.answer());
                confidence = stated;
            } else if (j != null && bcp) {
                BcpJudgeResponse.Parsed parsed = j.judgeResponse() != null ? BcpJudgeResponse.parse(j.judgeResponse())
                        : new BcpJudgeResponse.Parsed(j.correct(), j.confidence() == null ? null : Math.min(j.confidence(), 100.0));
                label = parsed.correct();
                confidence = parsed.parseError() ? null : parsed.confidence();
            } else if (j != null) {
                label = j.correct();
                confidence = label == null ? null : stated;
            }
            cited = bcp || !b.hasCorpus() ? Citations.bcp(trace.finalAnswer()) : Citations.corpusChecked(trace.finalAnswer(), corpusIds);
            if (!cited.isEmpty()) {
                double[] pr = bcp ? bcpCitation(cited, b.evidence().lines(id)) : citation(b, cited, b.evidence().relevant(id));
                precision = pr[0];
                citeRecall = Double.isNaN(pr[1]) ? null : pr[1];
            }
        }
        return new AgentQueryScore(id, b.evidenceLanguage().get(id), true, answered, evidenceRecall, goldRecall, search, read,
                trace.toolCallCounts(), exact, label == null ? null : confidence, Boolean.TRUE.equals(label), cited,
                precision, citeRecall);
    }

    /** Default: the docids returned by search calls; the file's own list when it records no tool calls. */
    static Set<String> retrieved(AgentTrace trace) {
        if (trace.calls().isEmpty()) {
            return new HashSet<>(trace.retrievedDocids());
        }
        Set<String> out = new HashSet<>();
        for (ToolCall c : trace.calls()) {
            if (c.isSearch()) {
                out.addAll(c.docids());
            }
        }
        return out;
    }

    /** The families of the docids (the docids themselves corpus-less, where a docid is its own family). */
    private static Set<String> families(AgentBenchmark b, Set<String> docids) {
        if (!b.hasCorpus()) {
            return docids;
        }
        Set<String> families = new HashSet<>();
        docids.forEach(d -> families.add(b.family(d)));
        return families;
    }

    /**
     * Default recall over evidence families (METRICS.md §5): the distinct families of the judged documents (each
     * docid its own family corpus-less), a family found when the version the configured corpus holds was returned
     * (any version of it when that version is unknown).
     */
    private static Double recall(AgentBenchmark b, Set<String> docs, Set<String> families, Set<String> relevant) {
        if (relevant.isEmpty()) {
            return null;
        }
        Set<String> evidenceFamilies = new java.util.LinkedHashSet<>();
        relevant.forEach(d -> evidenceFamilies.add(b.family(d)));
        int hit = 0;
        for (String f : evidenceFamilies) {
            String version = b.configuredVersion().get(f);
            if (version != null ? docs.contains(version) : families.contains(f)) {
                hit++;
            }
        }
        return (double) hit / evidenceFamilies.size();
    }

    private static Double bcpRecall(AgentTrace trace, List<EvidenceQrels.Line> lines) {
        if (lines.isEmpty()) {
            return null; // BrowseComp-Plus divides by zero here; we leave the query out of the mean
        }
        Set<String> docs = new HashSet<>();
        lines.forEach(l -> docs.add(l.docid()));
        Set<String> retrieved = new HashSet<>(trace.retrievedDocids());
        retrieved.removeAll(trace.numericDocids()); // Python: 5 in {"5"} is False
        retrieved.retainAll(docs);
        return retrieved.size() / (double) lines.size();
    }

    private static double[] citation(AgentBenchmark b, List<String> cited, Set<String> relevant) {
        Set<String> relevantFamilies = new HashSet<>();
        relevant.forEach(d -> relevantFamilies.add(b.family(d)));
        Set<String> citedFamilies = new HashSet<>();
        int good = 0;
        for (String d : cited) {
            citedFamilies.add(b.family(d));
            if (relevantFamilies.contains(b.family(d))) {
                good++;
            }
        }
        int found = 0;
        for (String d : relevant) {
            if (citedFamilies.contains(b.family(d))) {
                found++;
            }
        }
        return new double[] {(double) good / cited.size(), relevant.isEmpty() ? Double.NaN : (double) found / relevant.size()};
    }

    private static double[] bcpCitation(List<String> cited, List<EvidenceQrels.Line> lines) {
        Set<String> docs = new HashSet<>();
        lines.forEach(l -> docs.add(l.docid()));
        Set<String> hit = new HashSet<>(cited);
        hit.retainAll(docs);
        return new double[] {(double) hit.size() / cited.size(), lines.isEmpty() ? 0.0 : (double) hit.size() / lines.size()};
    }
}
