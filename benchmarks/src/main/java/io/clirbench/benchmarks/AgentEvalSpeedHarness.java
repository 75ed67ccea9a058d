package io.clirbench.benchmarks;

import io.clirbench.core.agentic.eval.AgentBenchmark;
import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.AgentScorer;
import io.clirbench.core.agentic.eval.RunScores;
import io.clirbench.core.agentic.eval.RunSummary;
import io.clirbench.core.agentic.eval.ScoringMode;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTrace;
import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.agentic.model.ToolCall;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Times agentic evaluation (METRICS.md §5: {@link AgentScorer} + {@link RunSummary}) on a seeded synthetic run of
 * 10,000 queries × 30 tool calls (26 searches of 5 docids, 4 {@code get_document}), BrowseComp-Plus-shaped
 * (docids 1..100,192, 1–13 evidence documents per query, answers with citations and a confidence), held in
 * memory, so the figure is evaluation time, not file reading. Baseline in the same run: the floor of touching
 * every returned docid once (a hash set per query). Also times the full evaluation with B = 10,000 intervals.
 * Run by hand; never part of CI.
 */
public final class AgentEvalSpeedHarness {

    private AgentEvalSpeedHarness() {
    }

    public static void main(String[] args) {
        int queries = args.length > 0 ? Integer.parseInt(args[0]) : 10_000;
        int calls = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int warmups = 3;
        int repetitions = 7;
        SplittableRandom random = new SplittableRandom(20240601L);
        List<GroundTruth> questions = new ArrayList<>();
        Map<String, List<EvidenceQrels.Line>> evidence = new LinkedHashMap<>();
        List<AgentTrace> traces = new ArrayList<>();
        for (int q = 0; q < queries; q++) {
            String id = Integer.toString(q + 1);
            questions.add(new GroundTruth(id, "question " + id, "answer " + id, "en"));
            List<EvidenceQrels.Line> lines = new ArrayList<>();
            for (int e = 1 + random.nextInt(13); e > 0; e--) {
                lines.add(new EvidenceQrels.Line(Integer.toString(1 + random.nextInt(100_192)), 1));
            }
            evidence.put(id, lines);
            List<ToolCall> cs = new ArrayList<>();
            List<String> all = new ArrayList<>();
            for (int c = 0; c < calls; c++) {
                if (c % 8 == 7) {
                    cs.add(new ToolCall("get_document", "{}", List.of(), null));
                    continue;
                }
                List<String> docids = new ArrayList<>();
                for (int k = 0; k < 5; k++) {
                    docids.add(random.nextInt(4) == 0 ? lines.get(random.nextInt(lines.size())).docid()
                            : Integer.toString(1 + random.nextInt(100_192)));
                }
                all.addAll(docids);
                cs.add(new ToolCall("search", "{\"query\": \"step " + c + "\"}", docids, null));
            }
            String answer = "Explanation: see [" + all.get(0) + "] and [" + all.get(1) + ", " + all.get(2) + "].\nExact Answer: "
                    + (random.nextBoolean() ? "answer " + id : "other") + "\nConfidence: " + random.nextInt(101) + "%";
            traces.add(new AgentTrace(id, AgentTrace.COMPLETED, AgentTrace.countCalls(cs), new ArrayList<>(new HashSet<>(all)), cs,
                    answer, null, Map.of(), Map.of()));
        }
        AgentRun run = new AgentRun("synthetic", null, traces, List.of());
        AgentBenchmark benchmark = AgentBenchmark.corpusLess(questions, EvidenceQrels.of(evidence), null, null);
        System.out.printf(Locale.ROOT, "machine: %d cores, %s %s, max heap %d MiB, load average %.2f%n",
                Runtime.getRuntime().availableProcessors(), System.getProperty("java.vm.name"), System.getProperty("java.vm.version"),
                Runtime.getRuntime().maxMemory() >> 20, java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        System.out.printf(Locale.ROOT, "workload: %d queries x %d calls (%d returned docids)%n", queries, calls,
                traces.stream().mapToLong(t -> t.calls().stream().mapToLong(c -> c.docids().size()).sum()).sum());
        double floor = time("floor: one hash set of the returned docids per query", warmups, repetitions, () -> floor(run));
        double ours = time("evaluation, default mode (score + summary)", warmups, repetitions, () -> {
            RunScores s = AgentScorer.score(benchmark, run, ScoringMode.DEFAULT, null);
            return RunSummary.of(s, ScoringMode.DEFAULT).evidenceRecall();
        });
        double bcp = time("evaluation, --compat bcp (score + summary)", warmups, repetitions, () -> {
            RunScores s = AgentScorer.score(benchmark, run, ScoringMode.BCP, null);
            return RunSummary.of(s, ScoringMode.BCP).evidenceRecall();
        });
        double full = time("full evaluation with B = 10,000 BCa intervals", 1, 3, () -> AgentEvaluation.evaluate(null,
                List.of(new AgentEvaluation.Input(benchmark, run)), ScoringMode.DEFAULT, null, io.clirbench.core.stats.Stats.DEFAULT).runs().size());
        System.out.printf(Locale.ROOT, "ratios: default / floor = %.1f, bcp / floor = %.1f, with intervals / default = %.1f%n",
                ours / floor, bcp / floor, full / ours);
    }

    private static double floor(AgentRun run) {
        long sum = 0;
        for (AgentTrace t : run.traces()) {
            HashSet<String> set = new HashSet<>();
            for (ToolCall c : t.calls()) {
                set.addAll(c.docids());
            }
            sum += set.size();
        }
        return sum;
    }

    private interface Work {
        Object run();
    }

    private static double time(String label, int warmups, int repetitions, Work work) {
        for (int i = 0; i < warmups; i++) {
            work.run();
        }
        double[] seconds = new double[repetitions];
        for (int i = 0; i < repetitions; i++) {
            long start = System.nanoTime();
            Object result = work.run();
            seconds[i] = (System.nanoTime() - start) / 1e9;
            if (result == null) {
                throw new IllegalStateException("no result");
            }
        }
        double[] sorted = seconds.clone();
        Arrays.sort(sorted);
        double median = sorted[repetitions / 2];
        StringBuilder runs = new StringBuilder();
        for (double s : seconds) {
            runs.append(String.format(Locale.ROOT, " %.3f", s));
        }
        System.out.printf(Locale.ROOT, "%-55s median %.3f s  runs:%s%n", label, median, runs);
        return median;
    }
}
