package io.clirbench.core.format.trec;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/**
 * Seeded run files in the shapes the fast path must read exactly like {@link TrecRunReader}:
 * heavy ties (a handful of score values, spelled several ways: 1, 1.0, 1.00, -0.0 and 0),
 * long ids (up to 300 characters, sharing long prefixes), CRLF line ends, tabs and runs of
 * spaces between fields, blank lines, lines of a query in random (unsorted) order, gzip, run
 * tags of several lengths (that with its line end fills one 8-byte word or not) changing between
 * queries and now and then within one.
 */
public final class GeneratedRuns {

    /** The shape of a generated file. */
    public record Shape(boolean crlf, boolean mixedSpacing, boolean sorted, boolean gzip, boolean longIds) {
    }

    /** A run file and its qrels file. */
    public record Files2(Path run, Path qrels) {
    }

    private static final String[] SCORES = {"1", "1.0", "1.00", "0.5", "0.50", "0", "-0.0", "0.0", "2", "-1.5", "0.25"};
    private static final String[] TAGS = {"tag", "t", "tag-run", "run-0001", "a-longer-run-tag", "tah"};

    private GeneratedRuns() {
    }

    /** Writes {@code queries} queries of up to {@code depth} lines, and qrels judging some of them (and some others). */
    public static Files2 write(Path dir, String name, Shape shape, int queries, int depth, long seed) {
        Random random = new Random(seed);
        StringBuilder run = new StringBuilder();
        StringBuilder qrels = new StringBuilder();
        String eol = shape.crlf() ? "\r\n" : "\n";
        for (int q = 0; q < queries; q++) {
            String qid = "q" + (q * 7919 % 1000);
            int n = 1 + random.nextInt(depth);
            List<String> docs = new ArrayList<>(docIds(random, n, shape.longIds()));
            List<String[]> lines = new ArrayList<>();
            String tag = TAGS[random.nextInt(TAGS.length)];
            for (String doc : docs) {
                String lineTag = random.nextInt(20) == 0 ? TAGS[random.nextInt(TAGS.length)] : tag;
                lines.add(new String[] {qid, "Q0", doc, "0", SCORES[random.nextInt(SCORES.length)], lineTag});
            }
            if (shape.sorted()) {
                lines.sort((a, b) -> Double.compare(Double.parseDouble(b[4]), Double.parseDouble(a[4])));
            } else {
                Collections.shuffle(lines, random);
            }
            for (int r = 0; r < lines.size(); r++) {
                lines.get(r)[3] = Integer.toString(r + 1);
                run.append(join(lines.get(r), random, shape.mixedSpacing())).append(eol);
                if (shape.mixedSpacing() && random.nextInt(50) == 0) {
                    run.append(random.nextBoolean() ? "" : " \t ").append(eol); // blank lines
                }
            }
            if (q % 5 != 4) { // a fifth of the run's queries are not judged
                for (String doc : docs) {
                    if (random.nextInt(6) == 0) {
                        qrels.append(qid).append(" 0 ").append(doc).append(' ').append(random.nextInt(4) - 1).append('\n');
                    }
                }
                qrels.append(qid).append(" 0 never-retrieved-").append(q).append(" 2\n");
            }
        }
        qrels.append("q-judged-only 0 d1 1\n"); // a judged query the run lacks: scores 0
        Path runFile = dir.resolve(name + (shape.gzip() ? ".run.gz" : ".run"));
        Path qrelsFile = dir.resolve(name + ".qrels");
        writeText(runFile, run.toString(), shape.gzip());
        writeText(qrelsFile, qrels.toString(), false);
        return new Files2(runFile, qrelsFile);
    }

    private static List<String> docIds(Random random, int n, boolean longIds) {
        Map<String, Boolean> ids = new LinkedHashMap<>();
        while (ids.size() < n) {
            StringBuilder id = new StringBuilder(random.nextBoolean() ? "doc" : "D");
            if (longIds && random.nextInt(3) == 0) {
                id.append("x".repeat(50 + random.nextInt(250)));
            }
            id.append(random.nextInt(n * 3));
            ids.put(id.toString(), true);
        }
        return List.copyOf(ids.keySet());
    }

    private static String join(String[] fields, Random random, boolean mixedSpacing) {
        StringBuilder line = new StringBuilder(mixedSpacing && random.nextInt(10) == 0 ? "  " : "");
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                line.append(mixedSpacing ? new String[] {" ", "\t", "  ", " \t", "\t\t"}[random.nextInt(5)] : " ");
            }
            line.append(fields[i]);
        }
        return line.append(mixedSpacing && random.nextInt(10) == 0 ? " \t" : "").toString();
    }

    private static void writeText(Path file, String text, boolean gzip) {
        try (OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(file)) : Files.newOutputStream(file)) {
            out.write(text.getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
