package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.Problem;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class DatasetAssemblyTest {

    private static final DatasetInfo INFO = new DatasetInfo("x", null, null, null, null, List.of(), false);

    @Test
    void problemsAcrossFilesNameBothPlaces() {
        Problems problems = new Problems();
        DatasetAssembly assembly = new DatasetAssembly(problems);
        assembly.add(new Document("d1", null, "eins", "de", "d1", Map.of()), "docs-0.jsonl.gz", 4);
        assembly.add(new Document("d1", null, "one", "en", "d1", Map.of()), "docs-1.jsonl.gz", 2);
        assembly.add(new Query("q1", " ", "en", null, Map.of()), "topics.tsv", 1);
        assembly.add(new Query("q2", "two", "en", null, Map.of()), "topics.tsv", 2);
        assembly.judge(List.of(new Judgment("q2", "d1", 1, "qrels", 1), new Judgment("q2", "d1", 0, "qrels", 5),
                new Judgment("q3", "d9", 1, "qrels", 6)));
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class, () -> assembly.build(INFO));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly(
                "docs-1.jsonl.gz line 2: duplicate document id 'd1' (first in docs-0.jsonl.gz line 4)",
                "topics.tsv line 1: empty text ' '",
                "qrels line 5: query 'q2' and document 'd1' judged twice (first in qrels line 1)",
                "qrels line 6: unknown query id 'q3'",
                "qrels line 6: unknown document id 'd9'");
    }

    @Test
    void unjudgedQueriesAreDroppedAndNoneJudgedIsAnError() {
        DatasetAssembly assembly = new DatasetAssembly(new Problems());
        assembly.add(new Document("d1", null, "eins", "de", "d1", Map.of()), "c", 1);
        assembly.add(new Query("q1", "one", "en", null, Map.of()), "q", 1);
        assembly.add(new Query("q2", "two", "fr", null, Map.of()), "q", 2);
        assembly.judge(List.of(new Judgment("q1", "d1", 1, "r", 1)));
        var dataset = assembly.build(INFO);
        assertThat(dataset.queries()).extracting(Query::id).containsExactly("q1");
        // fr came only with the dropped query
        assertThat(dataset.info().languages()).containsExactly("de", "en");

        DatasetAssembly none = new DatasetAssembly(new Problems());
        none.add(new Query("q1", "one", "en", null, Map.of()), "q", 1);
        assertThat(catchThrowableOfType(DatasetFormatException.class, () -> none.build(INFO)).getMessage())
                .contains("no query has a judgment");
    }
}
