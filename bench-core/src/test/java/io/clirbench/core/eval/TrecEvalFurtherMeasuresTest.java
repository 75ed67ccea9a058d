package io.clirbench.core.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.format.trec.TrecQrelsReader;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.StandardResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code Rprec}, {@code bpref} and nDCG at an unusual cutoff against the real trec_eval 10.0 binary
 * ({@code ../shared/tools/trec_eval}, METRICS.md §1 "Further measures"): seeded random qrels (grades 0..2, so judged
 * non-relevant documents, queries without any relevant one and queries without any non-relevant one) and runs (ties
 * in score, documents nobody judged, a judged query the run lacks), every per-query value and the {@code -c} mean
 * compared at the 4 decimals trec_eval prints. The expected values are trec_eval's output, read from its stdout.
 */
class TrecEvalFurtherMeasuresTest {

    private static final Path TREC_EVAL = Path.of(System.getProperty("shared.data"), "..", "tools", "trec_eval");
    private static final List<String> OURS = List.of("Rprec", "bpref", "nDCG@20", "nDCG@7");
    private static final List<String> THEIRS = List.of("Rprec", "bpref", "ndcg_cut_20", "ndcg_cut_7");

    @TempDir
    Path tmp;

    @Test
    void everyQueryAndTheMeanEqualTrecEval() throws Exception {
        io.clirbench.core.testing.Peers.require(Files.isExecutable(TREC_EVAL), "trec_eval 10.0 not found at " + TREC_EVAL);
        for (long seed = 1; seed <= 4; seed++) {
            Path qrels = tmp.resolve("qrels-" + seed);
            Path run = tmp.resolve("run-" + seed);
            write(seed, qrels, run);
            Map<String, Map<String, Double>> expected = trecEval(qrels, run);
            StandardResult ours = RunEvaluator.forQrels(TrecQrelsReader.read(qrels), new StandardMeasures(OURS), 1000)
                    .evaluate("r", run, notice -> { }).report().standard();
            for (int m = 0; m < OURS.size(); m++) {
                Map<String, Double> byQuery = expected.get(THEIRS.get(m));
                assertThat(byQuery).as("trec_eval printed %s", THEIRS.get(m)).isNotNull();
                for (Map.Entry<String, double[]> q : ours.perQuery().entrySet()) {
                    assertThat(q.getValue()[m]).as("seed %d, %s of %s", seed, OURS.get(m), q.getKey())
                            .isCloseTo(byQuery.get(q.getKey()), org.assertj.core.data.Offset.offset(0.5e-4 + 1e-6));
                }
                assertThat(ours.means()[m]).as("seed %d, mean %s", seed, OURS.get(m))
                        .isCloseTo(byQuery.get("all"), org.assertj.core.data.Offset.offset(0.5e-4 + 1e-6));
                assertThat(byQuery).hasSize(ours.perQuery().size() + 1); // every judged query, then "all"
            }
        }
    }

    /** 30 judged queries (one the run lacks) over 40 documents each; the run ranks 25 of them, some tied. */
    private static void write(long seed, Path qrelsFile, Path runFile) throws IOException {
        Random random = new Random(seed);
        StringBuilder qrels = new StringBuilder();
        StringBuilder run = new StringBuilder();
        for (int q = 0; q < 30; q++) {
            String qid = "q" + q;
            int kind = q % 5; // 0: no relevant document, 1: no non-relevant one, else mixed
            for (int d = 0; d < 40; d++) {
                if (random.nextInt(3) == 0) {
                    int grade = kind == 0 ? 0 : kind == 1 ? 1 + random.nextInt(2) : random.nextInt(3);
                    qrels.append(qid).append(" 0 d").append(d).append(' ').append(grade).append('\n');
                }
            }
            if (q == 29) {
                continue; // judged, not in the run: 0 under -c
            }
            List<Integer> docs = new ArrayList<>();
            for (int d = 0; d < 45; d++) {
                docs.add(d); // d40..d44 are judged by nobody
            }
            Collections.shuffle(docs, random);
            for (int r = 0; r < 25; r++) {
                int score = 100 - r + (random.nextInt(4) == 0 ? 1 : 0); // about one in four ties its neighbour
                run.append(String.format(Locale.ROOT, "%s Q0 d%d %d %d.0 sys%n", qid, docs.get(r), r + 1, score));
            }
        }
        qrels.append("q-unjudged-in-run 0 x 0\n");
        run.append("q-not-judged Q0 d1 1 5.0 sys\n"); // ignored by both
        Files.writeString(qrelsFile, qrels, StandardCharsets.US_ASCII);
        Files.writeString(runFile, run, StandardCharsets.US_ASCII);
    }

    /** trec_eval -q -c output: measure → query (or "all") → value. */
    private static Map<String, Map<String, Double>> trecEval(Path qrels, Path run) throws Exception {
        // one -m per measure; the cutoffs of one measure go together (a second -m ndcg_cut.K replaces the first)
        List<String> command = List.of(TREC_EVAL.toString(), "-q", "-c", "-m", "Rprec", "-m", "bpref", "-m", "ndcg_cut.7,20",
                qrels.toString(), run.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        Map<String, Map<String, Double>> values = new HashMap<>();
        for (String line : out.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length == 3) {
                values.computeIfAbsent(f[0], k -> new HashMap<>()).put(f[1], Double.parseDouble(f[2]));
            }
        }
        return values;
    }
}
