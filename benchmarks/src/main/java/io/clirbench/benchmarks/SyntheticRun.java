package io.clirbench.benchmarks;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A seeded qrels + run pair shaped like trec_eval fixture d-generated, at any size: docids
 * "doc&lt;n&gt;" (lexicographic != numeric), 2-decimal scores in [0, 20] so ties are frequent,
 * file sorted by score with ties in random order, 1..30 relevant and 0..60 non-relevant
 * judgments per query.
 */
record SyntheticRun(Path qrels, Path run) {

    static SyntheticRun create(Path dir, int queries, int depth, long seed) throws IOException {
        Files.createDirectories(dir);
        String stem = String.format(Locale.ROOT, "synthetic-%dx%d-seed%d", queries, depth, seed);
        SyntheticRun files = new SyntheticRun(dir.resolve(stem + ".qrels"), dir.resolve(stem + ".run"));
        if (Files.exists(files.qrels) && Files.exists(files.run)) {
            return files; // deterministic: reuse
        }
        Path qrelsTmp = dir.resolve(stem + ".qrels.tmp");
        Path runTmp = dir.resolve(stem + ".run.tmp");
        SplittableRandom rng = new SplittableRandom(seed);
        try (OutputStream q = new BufferedOutputStream(Files.newOutputStream(qrelsTmp), 1 << 16);
             OutputStream r = new BufferedOutputStream(Files.newOutputStream(runTmp), 1 << 20)) {
            StringBuilder line = new StringBuilder(64);
            for (int qi = 1; qi <= queries; qi++) {
                String qid = "q" + qi;
                int[] docs = rng.ints(1, 1_000_000).distinct().limit(depth + depth / 2).toArray();
                Map<Integer, Integer> judged = new LinkedHashMap<>(); // one judgment per document
                for (int j = 1 + rng.nextInt(30); j > 0; j--) {
                    // mostly retrieved and skewed to the top, sometimes never retrieved
                    int d = rng.nextDouble() < 0.85 ? docs[(int) (depth * Math.pow(rng.nextDouble(), 3))]
                            : docs[depth + rng.nextInt(depth / 2)];
                    judged.put(d, 1 + rng.nextInt(3));
                }
                for (int j = rng.nextInt(61); j > 0; j--) {
                    judged.putIfAbsent(docs[(int) (depth * Math.pow(rng.nextDouble(), 2))], 0);
                }
                for (Map.Entry<Integer, Integer> e : judged.entrySet()) {
                    append(q, line.append(qid).append(" 0 doc").append(e.getKey()).append(' ').append(e.getValue()));
                }
                int[] cents = new int[depth];
                for (int j = 0; j < depth; j++) {
                    cents[j] = rng.nextInt(2001);
                }
                Arrays.sort(cents); // ascending; written descending, ties in docs' random order
                for (int rank = 1; rank <= depth; rank++) {
                    int c = cents[depth - rank];
                    append(r, line.append(qid).append(" Q0 doc").append(docs[rank - 1]).append(' ').append(rank)
                            .append(' ').append(c / 100).append('.').append((char) ('0' + c / 10 % 10)).append((char) ('0' + c % 10))
                            .append(" synth"));
                }
            }
        }
        Files.move(qrelsTmp, files.qrels);
        Files.move(runTmp, files.run);
        return files;
    }

    private static void append(OutputStream out, StringBuilder line) throws IOException {
        line.append('\n');
        out.write(line.toString().getBytes(StandardCharsets.US_ASCII));
        line.setLength(0);
    }
}
