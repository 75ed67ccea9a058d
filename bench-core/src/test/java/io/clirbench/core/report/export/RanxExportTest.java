package io.clirbench.core.report.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.format.trec.TrecRunReader;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.run.RankedList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * ranx's JSON (ranx/data_structures/run.py: {@code Run.from_dict(d: Dict[str, Dict[str, float]])}, {@code save(kind="json")}
 * writes {@code to_dict()}; qrels.py: {@code Dict[str, Dict[str, int]]}): one object per query, document id to number.
 */
class RanxExportTest {

    @TempDir
    Path temp;

    @Test
    void aTrecRunBecomesQueryToDocumentToScoreInOurRankingOrder() throws Exception {
        // q1: c has the best score; a and b tie at 1.5 and rank b before a (ties by document id descending, METRICS.md §1)
        Path run = Files.writeString(temp.resolve("run.trec"),
                "q1 Q0 a 1 1.5 t\nq1 Q0 b 2 1.5 t\nq1 Q0 c 3 2.25 t\nq2 Q0 d 1 -3 t\n");

        String json = RanxExport.run(sink -> new TrecRunReader(run).forEachQuery(sink));

        assertThat(json).isEqualTo("{\"q1\":{\"c\":2.25,\"b\":1.5,\"a\":1.5},\"q2\":{\"d\":-3.0}}\n");
        JsonNode parsed = new ObjectMapper().readTree(json);
        parsed.fields().forEachRemaining(q -> q.getValue().fields()
                .forEachRemaining(d -> assertThat(d.getValue().isNumber()).isTrue()));
    }

    @Test
    void qrelsKeepEveryJudgmentWithItsGrade() {
        Map<String, Map<String, Integer>> judgments = new LinkedHashMap<>();
        judgments.put("q1", new LinkedHashMap<>(Map.of("d1", 2)));
        judgments.put("q2", new LinkedHashMap<>());
        judgments.get("q2").put("d2", 0);
        judgments.get("q2").put("d3", 1);

        assertThat(RanxExport.qrels(Qrels.of(judgments))).isEqualTo("{\"q1\":{\"d1\":2},\"q2\":{\"d2\":0,\"d3\":1}}\n");
    }

    @Test
    void aScoreJsonCannotHoldIsNamed() {
        RankedList list = new RankedList("q9", new String[] {"d"}, new double[] {Double.POSITIVE_INFINITY});
        assertThatThrownBy(() -> RanxExport.run(sink -> sink.accept(list))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("query 'q9' document 'd'").hasMessageContaining("Infinity");
    }
}
