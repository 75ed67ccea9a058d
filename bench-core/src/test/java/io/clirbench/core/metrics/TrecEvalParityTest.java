package io.clirbench.core.metrics;

import io.clirbench.core.format.trec.TrecQrelsReader;
import io.clirbench.core.format.trec.TrecRunReader;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.run.RankedList;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Parity with trec_eval 10.0 on the shared fixtures (METRICS.md section 1 acceptance): every
 * expected value is trec_eval's printed output (shared/data/trec-eval/README.md), compared at
 * the 4 decimals trec_eval prints.
 */
class TrecEvalParityTest {

    private static final Map<String, String> TREC_TO_OURS = Map.ofEntries(
            Map.entry("recall_1", "R@1"), Map.entry("recall_5", "R@5"), Map.entry("recall_10", "R@10"),
            Map.entry("recall_100", "R@100"), Map.entry("recall_1000", "R@1000"),
            Map.entry("P_1", "P@1"), Map.entry("P_5", "P@5"), Map.entry("P_10", "P@10"),
            Map.entry("ndcg_cut_10", "nDCG@10"), Map.entry("ndcg_cut_100", "nDCG@100"),
            Map.entry("recip_rank", "MRR"), Map.entry("map", "MAP"),
            Map.entry("success_1", "Success@1"), Map.entry("success_5", "Success@5"),
            Map.entry("success_10", "Success@10"));

    private static final StandardMeasures MEASURES = new StandardMeasures(StandardMeasures.DEFAULT_NAMES);

    @ParameterizedTest
    @ValueSource(strings = {"a-binary", "b-graded", "c-tricky", "d-generated"})
    void meansEqualTrecEval(String caseName) throws IOException {
        Path dir = caseDir(caseName);
        StandardResult result = evaluate(dir);
        List<Expected> expected = Expected.parse(dir.resolve("expected.txt"));
        assertThat(expected).hasSize(TREC_TO_OURS.size());
        for (Expected e : expected) {
            assertThat(e.qid()).isEqualTo("all");
            assertFourDecimals(caseName + " all " + e.measure(), mean(result, e.measure()), e.value());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"a-binary", "b-graded", "c-tricky"})
    void perQueryValuesEqualTrecEval(String caseName) throws IOException {
        Path dir = caseDir(caseName);
        StandardResult result = evaluate(dir);
        int checked = 0;
        for (Expected e : Expected.parse(dir.resolve("expected.q.txt"))) {
            double ours = e.qid().equals("all") ? mean(result, e.measure())
                    : result.perQuery().get(e.qid())[index(result, e.measure())];
            assertFourDecimals(caseName + " " + e.qid() + " " + e.measure(), ours, e.value());
            checked++;
        }
        // trec_eval 10.0 -q prints a row per judged query and measure, then the 'all' rows
        assertThat(checked).isEqualTo((result.queryCount() + 1) * TREC_TO_OURS.size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"a-binary", "b-graded", "c-tricky", "d-generated"})
    void countsEqualTrecEval(String caseName) throws IOException {
        Path dir = caseDir(caseName);
        Qrels qrels = TrecQrelsReader.read(file(dir, "qrels.txt"));
        Map<String, long[]> counts = new LinkedHashMap<>(); // qid -> num_ret, num_rel, num_rel_ret
        qrels.queryIds().forEach(q -> counts.put(q, new long[]{0,
                qrels.judgments(q).values().stream().filter(g -> g > 0).count(), 0}));
        new TrecRunReader(file(dir, "run.txt")).forEachQuery(list -> {
            long[] c = counts.get(list.queryId());
            if (c != null) {
                c[0] = list.size();
                c[2] = relevantRetrieved(list, qrels.judgments(list.queryId()));
            }
        });
        Path expectedFile = Files.exists(dir.resolve("expected.counts.q.txt"))
                ? dir.resolve("expected.counts.q.txt") : dir.resolve("expected.counts.txt");
        for (Expected e : Expected.parse(expectedFile)) {
            long ours = switch (e.measure()) {
                case "num_q" -> counts.size();
                case "num_ret" -> total(counts, e.qid(), 0);
                case "num_rel" -> total(counts, e.qid(), 1);
                case "num_rel_ret" -> total(counts, e.qid(), 2);
                default -> throw new AssertionError(e.measure());
            };
            assertThat(ours).as(caseName + " " + e.qid() + " " + e.measure()).isEqualTo((long) e.value());
        }
        assertThat(evaluate(dir).queryCount()).isEqualTo(counts.size());
    }

    private static long relevantRetrieved(RankedList list, Map<String, Integer> grades) {
        long n = 0;
        for (String d : list.docIds()) {
            if (grades.getOrDefault(d, 0) > 0) {
                n++;
            }
        }
        return n;
    }

    private static long total(Map<String, long[]> counts, String qid, int column) {
        if (!qid.equals("all")) {
            return counts.get(qid)[column];
        }
        return counts.values().stream().mapToLong(c -> c[column]).sum();
    }

    static StandardResult evaluate(Path dir) {
        Qrels qrels = TrecQrelsReader.read(file(dir, "qrels.txt"));
        StandardEvaluation evaluation = new StandardEvaluation(MEASURES, qrels.asMap());
        new TrecRunReader(file(dir, "run.txt")).forEachQuery(evaluation::accept);
        return evaluation.finish();
    }

    private static double mean(StandardResult result, String trecName) {
        return result.means()[index(result, trecName)];
    }

    private static int index(StandardResult result, String trecName) {
        int i = result.measureNames().indexOf(TREC_TO_OURS.get(trecName));
        assertThat(i).as("measure " + trecName).isNotNegative();
        return i;
    }

    private static void assertFourDecimals(String what, double ours, double printed) {
        assertThat(Math.round(ours * 10_000) / 10_000.0).as(what + " (ours " + ours + ")").isEqualTo(printed);
    }

    static Path caseDir(String name) {
        return Path.of(System.getProperty("shared.data"), "trec-eval", name);
    }

    /** The plain file, or its gzipped form (d-generated ships only .gz). */
    static Path file(Path dir, String name) {
        Path plain = dir.resolve(name);
        return Files.exists(plain) ? plain : dir.resolve(name + ".gz");
    }

    /** One row of trec_eval output: measure, query (or "all"), value. */
    record Expected(String measure, String qid, double value) {
        static List<Expected> parse(Path file) throws IOException {
            List<Expected> rows = new ArrayList<>();
            for (String line : Files.readAllLines(file)) {
                if (!line.isBlank()) {
                    String[] f = line.strip().split("\\s+");
                    rows.add(new Expected(f[0], f[1], Double.parseDouble(f[2])));
                }
            }
            return rows;
        }
    }
}
