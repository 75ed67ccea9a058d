package io.clirbench.core.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.format.trec.TrecQrelsReader;
import io.clirbench.core.format.trec.TrecRunReader;
import io.clirbench.core.metrics.StandardEvaluation;
import io.clirbench.core.metrics.StandardMeasures;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Memory follows one query's list, not the file: a run of about 105 MiB (3,000 queries x 1,000
 * lines) is evaluated, plain and gzipped, in a child JVM whose whole heap is 32 MiB (less than
 * a third of the file; its 3 million document ids as Strings alone would need over 100 MiB).
 * The child's means must equal those of the existing path computed here, in this JVM.
 */
class BoundedMemoryTest {

    private static final int QUERIES = 3_000;
    private static final int DEPTH = 1_000;
    private static final String HEAP = "-Xmx32m";

    @TempDir
    Path tmp;

    @Test
    void aRunFileMuchLargerThanTheHeapIsEvaluatedInASmallHeap() throws Exception {
        Path qrels = tmp.resolve("large.qrels");
        Path run = tmp.resolve("large.run");
        Path gzip = tmp.resolve("large.run.gz");
        write(qrels, run, gzip);
        assertThat(Files.size(run)).isGreaterThan(3 * (32L << 20));
        String expected = meansOfExistingPath(qrels, run);
        assertThat(evaluateInSmallHeap(qrels, run)).isEqualTo(expected);
        assertThat(evaluateInSmallHeap(qrels, gzip)).isEqualTo(expected);
    }

    /** Entry point of the child JVM: prints the means of the fast path. */
    public static void main(String[] args) {
        RunEvaluator evaluator = RunEvaluator.forQrels(TrecQrelsReader.read(Path.of(args[0])),
                new StandardMeasures(StandardMeasures.DEFAULT_NAMES), 1000);
        RunEvaluation evaluation = evaluator.evaluate("large", Path.of(args[1]), notice -> System.out.println("note: " + notice));
        System.out.println(format(evaluation.report().standard().means()));
    }

    private String evaluateInSmallHeap(Path qrels, Path run) throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process child = new ProcessBuilder(java.toString(), HEAP, "-cp", System.getProperty("java.class.path"),
                BoundedMemoryTest.class.getName(), qrels.toString(), run.toString())
                .redirectErrorStream(true).start();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(child.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(child.exitValue()).as(output).isZero();
        return output;
    }

    /** The existing path: the checking reader's lists into the section-1 evaluation. */
    private static String meansOfExistingPath(Path qrels, Path run) {
        StandardEvaluation evaluation = new StandardEvaluation(new StandardMeasures(StandardMeasures.DEFAULT_NAMES),
                TrecQrelsReader.read(qrels).asMap());
        new TrecRunReader(run).forEachQuery(evaluation::accept);
        return format(evaluation.finish().means());
    }

    private static String format(double[] means) {
        StringBuilder sb = new StringBuilder();
        for (double m : means) {
            sb.append(String.format(Locale.ROOT, "%.10f ", m));
        }
        return sb.toString().strip();
    }

    private static void write(Path qrels, Path run, Path gzip) throws IOException {
        Random random = new Random(3);
        try (OutputStream q = new BufferedOutputStream(Files.newOutputStream(qrels));
             OutputStream r = new BufferedOutputStream(Files.newOutputStream(run), 1 << 16);
             OutputStream z = new GZIPOutputStream(new BufferedOutputStream(Files.newOutputStream(gzip), 1 << 16), 1 << 16)) {
            StringBuilder line = new StringBuilder(64);
            for (int i = 0; i < QUERIES; i++) {
                for (int j = 0; j < 5; j++) {
                    q.write(String.format(Locale.ROOT, "q%d 0 document-%d %d%n", i, j * 400 + random.nextInt(400), 1 + j % 3)
                            .getBytes(StandardCharsets.US_ASCII));
                }
                int score = 100_000;
                for (int d = 0; d < DEPTH; d++) {
                    score -= random.nextInt(3);
                    line.setLength(0);
                    line.append('q').append(i).append(" Q0 document-").append(d * 2 + random.nextInt(2)).append(' ')
                            .append(d + 1).append(' ').append(score / 1000).append('.')
                            .append((char) ('0' + score / 100 % 10)).append((char) ('0' + score / 10 % 10))
                            .append((char) ('0' + score % 10)).append(" tag\n");
                    byte[] bytes = line.toString().getBytes(StandardCharsets.US_ASCII);
                    r.write(bytes);
                    z.write(bytes);
                }
            }
        }
    }
}
