package io.clirbench.benchmarks;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.zip.GZIPOutputStream;

/**
 * A seeded 12-language dataset for the language-aware path, and runs on it: 3,000 families
 * ("passages"), each with a document in 6 to 12 of the languages (so some queries have no
 * document in their own language); {@code queries} queries spread over the 12 languages, each
 * judged relevant to one document of its family (in its own language when the family has one);
 * family expansion on. Run r ranks {@code depth} distinct documents per query: each gold document
 * lands in the top 10 with probability 0.2 + 0.08 r, else deeper or not at all; 3-decimal scores
 * in descending order, so ties occur.
 *
 * @param dir  the dataset directory
 * @param runs the run files
 */
record SyntheticDataset(Path dir, List<Path> runs) {

    static final String[] LANGS = {"ar", "de", "el", "en", "es", "hi", "ro", "ru", "th", "tr", "vi", "zh"};
    private static final int FAMILIES = 3_000;

    static SyntheticDataset create(Path parent, int queries, int depth, int runCount, long seed) throws IOException {
        Path dir = parent.resolve(String.format(Locale.ROOT, "dataset-12lang-%dq-seed%d", queries, seed));
        List<Path> runs = new ArrayList<>();
        for (int r = 0; r < runCount; r++) {
            runs.add(dir.resolve(String.format(Locale.ROOT, "run%d-%dx%d.trec", r, queries, depth)));
        }
        SyntheticDataset data = new SyntheticDataset(dir, runs);
        boolean[][] members = familyLanguages(seed);
        int[] family = new int[queries];
        SplittableRandom rng = new SplittableRandom(seed + 1);
        for (int q = 0; q < queries; q++) {
            family[q] = rng.nextInt(FAMILIES);
        }
        if (!Files.exists(dir.resolve("dataset.json"))) {
            data.writeDataset(members, family);
        }
        for (int r = 0; r < runCount; r++) {
            if (!Files.exists(runs.get(r))) {
                writeRun(runs.get(r), members, family, depth, 0.2 + 0.08 * r, seed * 31 + r);
            }
        }
        return data;
    }

    private static boolean[][] familyLanguages(long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        boolean[][] members = new boolean[FAMILIES][LANGS.length];
        for (int f = 0; f < FAMILIES; f++) {
            int count = 6 + rng.nextInt(LANGS.length - 5);
            for (int placed = 0; placed < count; ) {
                int l = rng.nextInt(LANGS.length);
                if (!members[f][l]) {
                    members[f][l] = true;
                    placed++;
                }
            }
        }
        return members;
    }

    private void writeDataset(boolean[][] members, int[] family) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("dataset.json"), "{\"id\": \"synthetic-12lang\", \"name\": \"Synthetic 12-language\","
                + " \"version\": \"1\", \"license\": \"CC0-1.0\", \"source\": \"benchmarks SyntheticDataset\","
                + " \"languages\": [" + String.join(", ", java.util.Arrays.stream(LANGS).map(l -> "\"" + l + "\"").toList())
                + "], \"familyExpansion\": true}\n");
        try (OutputStream out = gzip(dir.resolve("corpus.jsonl.gz"))) {
            for (int f = 0; f < FAMILIES; f++) {
                for (int l = 0; l < LANGS.length; l++) {
                    if (members[f][l]) {
                        write(out, String.format(Locale.ROOT, "{\"_id\":\"%s\",\"text\":\"passage %d in %s\",\"lang\":\"%s\",\"family\":\"p%04d\"}%n",
                                docId(f, l), f, LANGS[l], LANGS[l], f));
                    }
                }
            }
        }
        try (OutputStream queries = gzip(dir.resolve("queries.jsonl.gz")); OutputStream qrels = gzip(dir.resolve("qrels.tsv.gz"))) {
            write(qrels, "query-id\tcorpus-id\tscore\n");
            for (int q = 0; q < family.length; q++) {
                int lang = q % LANGS.length;
                write(queries, String.format(Locale.ROOT, "{\"_id\":\"%s\",\"text\":\"question %d\",\"lang\":\"%s\",\"family\":\"p%04d\"}%n",
                        queryId(q), q, LANGS[lang], family[q]));
                int judged = lang;
                while (!members[family[q]][judged]) {
                    judged = (judged + 1) % LANGS.length; // no home: the next language the family has
                }
                write(qrels, queryId(q) + "\t" + docId(family[q], judged) + "\t1\n");
            }
        }
    }

    private static void writeRun(Path file, boolean[][] members, int[] family, int depth, double hitRate, long seed) throws IOException {
        SplittableRandom rng = new SplittableRandom(seed);
        int corpus = FAMILIES * LANGS.length;
        int[] stamp = new int[corpus];
        int[] ranked = new int[depth];
        String[] docIds = new String[corpus];
        for (int d = 0; d < corpus; d++) {
            docIds[d] = docId(d / LANGS.length, d % LANGS.length);
        }
        Path partial = file.resolveSibling(file.getFileName() + ".tmp");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(partial), 1 << 20)) {
            StringBuilder line = new StringBuilder(64);
            for (int q = 0; q < family.length; q++) {
                String queryId = queryId(q);
                java.util.Arrays.fill(ranked, -1);
                int f = family[q];
                for (int l = 0; l < LANGS.length; l++) { // the gold documents (the whole family, after expansion)
                    if (members[f][l]) {
                        double u = rng.nextDouble();
                        int rank = u < hitRate ? rng.nextInt(10) : u < hitRate + (1 - hitRate) / 2 ? 10 + rng.nextInt(depth - 10) : -1;
                        if (rank >= 0 && ranked[rank] < 0) {
                            ranked[rank] = f * LANGS.length + l;
                            stamp[ranked[rank]] = q + 1;
                        }
                    }
                }
                for (int r = 0; r < depth; r++) {
                    while (ranked[r] < 0) {
                        int d = rng.nextInt(corpus);
                        if (stamp[d] != q + 1 && members[d / LANGS.length][d % LANGS.length]) {
                            ranked[r] = d;
                            stamp[d] = q + 1;
                        }
                    }
                }
                int score = 30_000;
                for (int r = 0; r < depth; r++) {
                    score -= rng.nextInt(25);
                    line.setLength(0);
                    line.append(queryId).append(" Q0 ").append(docIds[ranked[r]])
                            .append(' ').append(r + 1).append(' ').append(score / 1000).append('.')
                            .append((char) ('0' + score / 100 % 10)).append((char) ('0' + score / 10 % 10))
                            .append((char) ('0' + score % 10)).append(" synth\n");
                    out.write(line.toString().getBytes(StandardCharsets.US_ASCII));
                }
            }
        }
        Files.move(partial, file);
    }

    private static String queryId(int q) {
        return String.format(Locale.ROOT, "q%05d", q);
    }

    private static String docId(int family, int lang) {
        return String.format(Locale.ROOT, "p%04d-%s", family, LANGS[lang]);
    }

    private static OutputStream gzip(Path file) throws IOException {
        return new GZIPOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16), 1 << 16);
    }

    private static void write(OutputStream out, String text) throws IOException {
        out.write(text.getBytes(StandardCharsets.UTF_8));
    }
}
