package io.clirbench.core.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.format.trec.TrecRunReader;
import io.clirbench.core.format.trec.TrecRunWriter;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.report.JsonReport;
import io.clirbench.core.run.PackedList;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.stats.Stats;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Lists stored packed (the eval-service's storage, issue 40) evaluate to the report {@code bench eval} computes from the
 * same lines in a run file: the expected report comes from the run-file path (the fast scanner over the text).
 */
class PackedRunEvaluationTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @Test
    void packedListsGiveTheReportOfTheirRunFile(@TempDir Path dir) {
        Dataset dataset = DatasetReader.read(ROOT.resolve("datasets/xquad-clir"));
        JudgedDataset judged = JudgedDataset.of(dataset);
        // the shipped random run, with ids no corpus holds mixed in (counted unknown) and a query left out
        List<RankedList> lists = new ArrayList<>();
        new TrecRunReader(ROOT.resolve("runs/xquad-clir/random-seed42.trec.gz")).forEachQuery(lists::add);
        lists.remove(3);
        Random random = new Random(11);
        List<RankedList> mixed = new ArrayList<>();
        for (RankedList list : lists) {
            String[] ids = list.docIds().clone();
            for (int k = 0; k < 3; k++) {
                int at = random.nextInt(ids.length);
                ids[at] = "not-in-corpus-" + list.queryId() + "-" + at;
            }
            mixed.add(RankedList.inTrecOrder(list.queryId(), ids, list.scores()));
        }
        Path file = dir.resolve("r.trec");
        try (TrecRunWriter writer = new TrecRunWriter(file, "r")) {
            mixed.forEach(writer::write);
        }
        int depth = 100; // below the lists' length: unknown documents are counted within the depth only
        RunEvaluator evaluator = judged.evaluator(LanguageMetricsConfig.defaults(depth).withSeed(5), List.of());
        CorpusIds corpus = judged.corpusIds();
        List<byte[]> stored = mixed.stream().map(l -> PackedList.of(l, corpus::indexOf).toBytes()).toList();
        List<byte[]> shuffled = new ArrayList<>(stored);
        Collections.shuffle(shuffled, random); // a store reads in its own order (query ids), not the dataset's
        List<String> order = new ArrayList<>();
        for (byte[] b : shuffled) {
            order.add(mixed.get(stored.indexOf(b)).queryId());
        }

        RunEvaluation fromFile = evaluator.evaluate("r", file, notice -> { });
        RunEvaluation packed = evaluator.evaluatePacked("r", file.toString(), corpus, sink -> {
            for (int i = 0; i < shuffled.size(); i++) {
                sink.accept(PackedList.fromBytes(order.get(i), shuffled.get(i), "test"));
            }
        });

        assertThat(fromFile.report().unknownDocuments()).isGreaterThan(0);
        String expected = JsonReport.render(RetrievalEvaluation.evaluate(dataset, evaluator, List.of(fromFile), depth,
                new Stats(200, 5), s -> { }));
        String actual = JsonReport.render(RetrievalEvaluation.evaluate(dataset, evaluator, List.of(packed), depth,
                new Stats(200, 5), s -> { }));
        assertThat(actual).isEqualTo(expected);
    }
}
