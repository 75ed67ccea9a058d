package io.clirbench.core.report.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.format.trec.TrecQrelsReader;
import io.clirbench.core.io.MaybeGzip;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.StandardResult;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Round trip through the real trec_eval 10.0 ({@code ../shared/tools/trec_eval}, the build the fixtures of
 * {@code ../shared/data/trec-eval} came from): a qrels and run are evaluated by clirbench, exported, and the export
 * must be byte for byte what {@code trec_eval -q -c -m ...} prints on the same two files. The expected text is
 * trec_eval's own output, never ours.
 */
class TrecEvalExportTest {

    /** Every kind of measure we have, MRR@10 included: trec_eval has no name for it, so it must not appear. */
    private static final List<String> OURS = List.of("nDCG@10", "nDCG@100", "R@1", "R@5", "R@10", "R@100", "R@1000",
            "P@1", "P@5", "P@10", "MRR@10", "MRR", "MAP", "Success@1", "Success@5", "Success@10");
    /** The same measures in trec_eval's words (cutoffs given in another order than they are printed, on purpose). */
    private static final String[] TREC_EVAL_MEASURES = {"-m", "success.10,1,5", "-m", "ndcg_cut.100,10", "-m", "P.1,5,10",
            "-m", "recall.1,5,10,100,1000", "-m", "recip_rank", "-m", "map"};

    @TempDir
    Path temp;

    @Test
    void theExportOfEachFixtureIsWhatTrecEvalPrintsForIt() throws Exception {
        for (String fixture : List.of("a-binary", "b-graded", "c-tricky", "d-generated")) {
            Path dir = Path.of(System.getProperty("shared.data"), "trec-eval", fixture);
            Path qrels = plain(dir, "qrels.txt");
            Path run = plain(dir, "run.txt");

            String export = TrecEvalExport.render(evaluate(qrels, run, OURS));

            assertThat(export).as(fixture).isEqualTo(trecEval(qrels, run, TREC_EVAL_MEASURES));
            assertThat(export).as(fixture).doesNotContain("mrr", "MRR");
        }
    }

    @Test
    void anExactTieAtTheFifthDecimalIsRoundedAsTrecEvalRoundsIt() throws Exception {
        // q "9" has 32 relevant documents and retrieves one of them first: R@5 = 1/32 = 0.03125 exactly in binary.
        // glibc's printf("%.4f") rounds that exact tie to even: 0.0312 (Java's %.4f would print 0.0313).
        // Query ids 10, 100 and 9 are printed in strcmp order: 10, 100, 9 (not numerically).
        StringBuilder qrels = new StringBuilder();
        for (int i = 1; i <= 32; i++) {
            qrels.append("9 0 r").append(i).append(" 1\n");
        }
        qrels.append("10 0 a 1\n100 0 b 1\n");
        Path qrelsFile = Files.writeString(temp.resolve("qrels.txt"), qrels);
        Path runFile = Files.writeString(temp.resolve("run.txt"),
                "9 Q0 r1 1 3.0 t\n9 Q0 x 2 2.0 t\n10 Q0 a 1 1.0 t\n100 Q0 z 1 1.0 t\n");

        String export = TrecEvalExport.render(evaluate(qrelsFile, runFile, List.of("R@5", "P@1")));

        String expected = trecEval(qrelsFile, runFile, new String[] {"-m", "recall.5", "-m", "P.1"});
        assertThat(export).isEqualTo(expected);
        assertThat(expected).contains("recall_5              \t9\t0.0312\n");
        assertThat(expected.indexOf("\t100\t")).isBetween(expected.indexOf("\t10\t"), expected.indexOf("\t9\t"));
    }

    @Test
    void theTrecEvalNamesAreTrecEvalsOwn() {
        // trec_eval 10.0's measure names (its -m list: map, Rprec, bpref, recip_rank, P_k, recall_k, ndcg_cut_k, success_k)
        assertThat(PeerMeasureNames.trecEval("nDCG@20")).isEqualTo("ndcg_cut_20");
        assertThat(PeerMeasureNames.trecEval("R@1000")).isEqualTo("recall_1000");
        assertThat(PeerMeasureNames.trecEval("P@5")).isEqualTo("P_5");
        assertThat(PeerMeasureNames.trecEval("Success@1")).isEqualTo("success_1");
        assertThat(PeerMeasureNames.trecEval("MRR")).isEqualTo("recip_rank");
        assertThat(PeerMeasureNames.trecEval("MAP")).isEqualTo("map");
        assertThat(PeerMeasureNames.trecEval("Rprec")).isEqualTo("Rprec");
        assertThat(PeerMeasureNames.trecEval("bpref")).isEqualTo("bpref");
        assertThat(PeerMeasureNames.trecEval("MRR@10")).isNull();
        assertThat(PeerMeasureNames.trecEval("Judged@10")).isNull();
        // trec_eval prints map, Rprec, bpref, recip_rank, P, recall, ndcg_cut, success, cutoffs ascending
        List<String> names = new ArrayList<>(List.of("success_1", "ndcg_cut_100", "ndcg_cut_5", "recall_10", "P_10", "P_2",
                "recip_rank", "bpref", "Rprec", "map"));
        names.sort(PeerMeasureNames.TREC_EVAL_ORDER);
        assertThat(names).containsExactly("map", "Rprec", "bpref", "recip_rank", "P_2", "P_10", "recall_10", "ndcg_cut_5",
                "ndcg_cut_100", "success_1");
    }

    private static StandardResult evaluate(Path qrels, Path run, List<String> measures) {
        RunEvaluator evaluator = RunEvaluator.forQrels(TrecQrelsReader.read(qrels), new StandardMeasures(measures), 1000);
        return evaluator.evaluate("run", run, notice -> { }).report().standard();
    }

    /** The fixture file, gunzipped into the temporary directory when only a .gz is there (trec_eval reads no gzip). */
    private Path plain(Path dir, String name) throws IOException {
        if (Files.exists(dir.resolve(name))) {
            return dir.resolve(name);
        }
        Path target = Files.createDirectories(temp.resolve(dir.getFileName().toString())).resolve(name);
        try (InputStream in = MaybeGzip.open(dir.resolve(name + ".gz"))) {
            Files.copy(in, target);
        }
        return target;
    }

    private static String trecEval(Path qrels, Path run, String[] measures) throws Exception {
        Path binary = Path.of(System.getProperty("shared.data")).resolveSibling("tools").resolve("trec_eval");
        List<String> command = new ArrayList<>(List.of(binary.toString(), "-q", "-c"));
        command.addAll(List.of(measures));
        command.add(qrels.toString());
        command.add(run.toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        return out;
    }
}
