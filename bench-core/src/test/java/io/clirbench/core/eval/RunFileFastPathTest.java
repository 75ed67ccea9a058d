package io.clirbench.core.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.stats.Stats;
import io.clirbench.core.format.trec.GeneratedRuns;
import io.clirbench.core.format.trec.RunFormatException;
import io.clirbench.core.format.trec.RunScanner;
import io.clirbench.core.format.trec.TrecQrelsReader;
import io.clirbench.core.format.trec.TrecRunReader;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.StandardResult;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import io.clirbench.core.report.JsonReport;
import io.clirbench.core.run.RankedList;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench eval}'s fast path (a run file through {@link RunScanner}) against the existing
 * path (the same file's lists from {@link TrecRunReader}, evaluated as lists): every per-query
 * value, every mean and count must be identical, with bare qrels and with a dataset (§1–§3 in
 * the JSON report), on generated runs with heavy ties, long ids, CRLF, tabs and runs of spaces,
 * unsorted files and gzip.
 */
class RunFileFastPathTest {

    private static final StandardMeasures MEASURES = new StandardMeasures(List.of(
            "nDCG@10", "nDCG@100", "R@1", "R@5", "R@10", "R@100", "R@1000", "P@1", "P@5", "P@10",
            "MRR@10", "MRR", "MAP", "Success@1", "Success@5", "Success@10", "nDCG@3", "P@2", "Rprec", "bpref", "Judged@5",
            "Judged@20"));

    @TempDir
    Path tmp;

    @Test
    void qrelsEvaluationIsIdenticalOnEveryShape() {
        int file = 0;
        for (boolean crlf : new boolean[] {false, true}) {
            for (boolean mixed : new boolean[] {false, true}) {
                for (boolean sorted : new boolean[] {false, true}) {
                    for (boolean gzip : new boolean[] {false, true}) {
                        var shape = new GeneratedRuns.Shape(crlf, mixed, sorted, gzip, file % 2 == 0);
                        var files = GeneratedRuns.write(tmp, "f" + file, shape, 60, 150, 100 + file);
                        assertThat(new RunScanner(files.run()).scan(q -> null, null, 10, l -> { })).as(shape.toString()).isTrue();
                        RunEvaluator evaluator = RunEvaluator.forQrels(TrecQrelsReader.read(files.qrels()), MEASURES, 1000);
                        RunEvaluation fast = evaluator.evaluate("r", files.run(), notice -> { });
                        RunEvaluation existing = evaluator.evaluate("r", "lists", readLists(files.run()));
                        assertSameStandard(fast.report().standard(), existing.report().standard(), shape.toString());
                        assertThat(fast.report().runQueries()).isEqualTo(existing.report().runQueries()).isEqualTo(60);
                        assertThat(fast.report().ignoredRunQueries()).isEqualTo(existing.report().ignoredRunQueries()).isEqualTo(12);
                        file++;
                    }
                }
            }
        }
    }

    @Test
    void trecEvalFixturesGiveTheExistingPathsValues() {
        // the parity tests check the existing path against trec_eval's output; equality here carries it over
        for (String name : new String[] {"a-binary", "b-graded", "c-tricky", "d-generated"}) {
            Path dir = Path.of(System.getProperty("shared.data"), "trec-eval", name);
            Path run = plainOrGzip(dir, "run.txt");
            RunEvaluator evaluator = RunEvaluator.forQrels(TrecQrelsReader.read(plainOrGzip(dir, "qrels.txt")), MEASURES, 1000);
            assertSameStandard(evaluator.evaluate("r", run, notice -> { }).report().standard(),
                    evaluator.evaluate("r", "lists", readLists(run)).report().standard(), name);
        }
    }

    @Test
    void datasetEvaluationGivesTheSameReportAtSeveralDepths() throws IOException {
        Dataset dataset = syntheticDataset();
        for (boolean sorted : new boolean[] {false, true}) {
            Path run = datasetRun(dataset, sorted, 11);
            for (int depth : new int[] {5, 40, 1000}) {
                RunEvaluator evaluator = RunEvaluator.forDataset(dataset, MEASURES, LanguageMetricsConfig.defaults(depth), List.of("lang"));
                RunEvaluation fast = evaluator.evaluate("r", run, notice -> { });
                RunEvaluation existing = evaluator.evaluate("r", run.toString(), readLists(run));
                assertThat(fast.report().unknownDocuments()).isEqualTo(existing.report().unknownDocuments()).isPositive();
                String a = JsonReport.render(RetrievalEvaluation.evaluate(dataset, evaluator, List.of(fast), depth, new Stats(300, 42), s -> { }));
                String b = JsonReport.render(RetrievalEvaluation.evaluate(dataset, evaluator, List.of(existing), depth, new Stats(300, 42), s -> { }));
                assertThat(a).as("sorted " + sorted + ", depth " + depth).isEqualTo(b);
            }
        }
    }

    @Test
    void filesOffTheFastPathGiveTheCheckingReadersResultOrError() throws IOException {
        Path qrels = Files.writeString(tmp.resolve("q.qrels"), "q1 0 d1 1\nq2 0 d2 2\n");
        RunEvaluator evaluator = RunEvaluator.forQrels(TrecQrelsReader.read(qrels), MEASURES, 1000);
        // q1's lines are apart: grouped in memory, with the reader's notice
        Path apart = Files.writeString(tmp.resolve("apart.run"), "q1 Q0 d9 1 2 t\nq2 Q0 d2 1 1 t\nq1 Q0 d1 2 1 t\n");
        List<String> notices = new ArrayList<>();
        RunEvaluation grouped = evaluator.evaluate("r", apart, notices::add);
        assertThat(notices).singleElement().asString().contains("not contiguous");
        // q1: d1 at rank 2 -> MRR 1/2; q2: d2 at rank 1 -> 1; mean 0.75
        assertThat(grouped.report().standard().means()[MEASURES.names().indexOf("MRR")]).isEqualTo(0.75);
        Path duplicate = Files.writeString(tmp.resolve("dup.run"), "q1 Q0 d1 1 2 t\nq1 Q0 d1 2 1 t\n");
        assertThatThrownBy(() -> evaluator.evaluate("r", duplicate, n -> { })).isInstanceOf(RunFormatException.class)
                .hasMessage(duplicate + " line 2: duplicate document id 'd1' for query 'q1'");
        Path accented = Files.writeString(tmp.resolve("utf8.run"), "q2 Q0 d\u00e9 1 3 t\nq2 Q0 d2 2 1 t\n", StandardCharsets.UTF_8);
        assertThat(evaluator.evaluate("r", accented, n -> { }).report().standard().means()[MEASURES.names().indexOf("MRR")])
                .isEqualTo(0.25); // q2: d2 at rank 2 -> 1/2; q1 absent -> 0
    }

    /** d-generated ships only gzipped files. */
    private static Path plainOrGzip(Path dir, String name) {
        Path plain = dir.resolve(name);
        return Files.exists(plain) ? plain : dir.resolve(name + ".gz");
    }

    private static void assertSameStandard(StandardResult fast, StandardResult existing, String what) {
        assertThat(fast.queryCount()).as(what).isEqualTo(existing.queryCount());
        assertThat(fast.perQuery().keySet()).as(what).containsExactlyElementsOf(existing.perQuery().keySet());
        existing.perQuery().forEach((q, values) -> assertThat(fast.perQuery().get(q)).as(what + " " + q).containsExactly(values));
        assertThat(fast.means()).as(what).containsExactly(existing.means());
    }

    private static List<RankedList> readLists(Path run) {
        List<RankedList> lists = new ArrayList<>();
        new TrecRunReader(run).forEachQuery(lists::add);
        return lists;
    }

    /** Three languages, 40 families with a document in each language, 60 queries; family expansion on. */
    private static Dataset syntheticDataset() {
        String[] langs = {"de", "en", "zh"};
        List<Document> corpus = new ArrayList<>();
        for (int f = 0; f < 40; f++) {
            for (String lang : langs) {
                corpus.add(new Document("p" + f + "-" + lang, null, "text " + f, lang, "p" + f, null));
            }
        }
        Random random = new Random(5);
        List<Query> queries = new ArrayList<>();
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        for (int q = 0; q < 60; q++) {
            String lang = langs[q % 3];
            int family = random.nextInt(40);
            queries.add(new Query("q" + q, "question " + q, lang, "p" + family, null));
            // mostly the query's own language; sometimes only another one (a no-home query)
            String judged = "p" + family + "-" + (q % 7 == 0 ? langs[(q + 1) % 3] : lang);
            qrels.put("q" + q, Map.of(judged, 1 + random.nextInt(2)));
        }
        DatasetInfo info = new DatasetInfo("synthetic", "synthetic", "1", "CC0-1.0", "test", List.of(langs), true);
        return new Dataset(info, corpus, queries, Qrels.of(qrels));
    }

    /** 50 entries per query from the corpus plus a few unknown ids, scores with heavy ties. */
    private Path datasetRun(Dataset dataset, boolean sorted, long seed) throws IOException {
        Random random = new Random(seed);
        StringBuilder text = new StringBuilder();
        for (Query query : dataset.queries()) {
            List<String> ids = new ArrayList<>(dataset.corpus().stream().map(Document::id).toList());
            java.util.Collections.shuffle(ids, random);
            List<String> picked = new ArrayList<>(ids.subList(0, 50));
            picked.add("unknown-" + query.id());
            List<String[]> lines = new ArrayList<>();
            for (String id : picked) {
                lines.add(new String[] {query.id(), id, Integer.toString(random.nextInt(5))});
            }
            if (sorted) {
                lines.sort((a, b) -> Integer.compare(Integer.parseInt(b[2]), Integer.parseInt(a[2])));
            }
            for (int r = 0; r < lines.size(); r++) {
                text.append(lines.get(r)[0]).append(" Q0 ").append(lines.get(r)[1]).append(' ').append(r + 1)
                        .append(' ').append(lines.get(r)[2]).append(" t\n");
            }
        }
        return Files.writeString(tmp.resolve("dataset-" + sorted + ".run"), text);
    }
}
