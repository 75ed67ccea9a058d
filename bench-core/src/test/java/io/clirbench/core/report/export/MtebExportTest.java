package io.clirbench.core.report.export;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.eval.EvalReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The MTEB result file against MTEB's published schema, the {@code TaskResult} pydantic model of
 * embeddings-benchmark/mteb ({@code mteb/load_results/task_results.py} in 1.12+, {@code mteb/results/task_result.py}
 * in 2.x):
 * <pre>
 * dataset_revision: str            task_name: str          mteb_version: str | None (a PEP 440 version: 1.x's
 * scores: dict[split, list[dict]]  evaluation_time: float | None                       from_disk parses it)
 * kg_co2_emissions: float | None = None       (2.x adds date, evaluation_phases: optional)
 * each scores entry (_validate_scores_dict): "main_score" present, "hf_subset" a str, "languages" a list,
 * JSON-serialisable; retrieval score keys ndcg_at_K, recall_at_K, precision_at_K, mrr_at_K, map_at_K;
 * main_score of a retrieval task = ndcg_at_10.
 * </pre>
 * Values are the hand calculations of {@link ExportFixture}.
 */
class MtebExportTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void perLanguageSubsetsFollowTheTaskResultSchemaWithTheReportsValues() throws Exception {
        EvalReport report = ExportFixture.report("bm25");

        JsonNode result = JSON.readTree(MtebExport.render(report, report.runs().get(0).standard(), ExportFixture.LANGUAGES));

        assertSchema(result);
        JsonNode subsets = result.at("/scores/test");
        assertThat(subsets).hasSize(2);
        JsonNode de = subsets.get(0);
        JsonNode en = subsets.get(1);
        assertThat(de.get("hf_subset").asText()).isEqualTo("de");
        assertThat(de.get("languages").get(0).asText()).isEqualTo("de");
        // de = q2, q3: nDCG@10 (1/log2(3) + 0) / 2; MRR@10 (1/2 + 0) / 2; R@1 0; P@1 0
        assertThat(de.get("main_score").asDouble()).isCloseTo(1 / ExportFixture.LOG2_3 / 2, within(1e-12));
        assertThat(de.get("ndcg_at_10").asDouble()).isCloseTo(1 / ExportFixture.LOG2_3 / 2, within(1e-12));
        assertThat(de.get("mrr_at_10").asDouble()).isCloseTo(0.25, within(1e-12));
        assertThat(de.get("recall_at_1").asDouble()).isZero();
        assertThat(de.get("precision_at_1").asDouble()).isZero();
        // en = q1: every measure 1
        assertThat(en.get("hf_subset").asText()).isEqualTo("en");
        assertThat(en.get("main_score").asDouble()).isCloseTo(1.0, within(1e-12));
        assertThat(en.get("recall_at_1").asDouble()).isCloseTo(1.0, within(1e-12));
        // keys: MTEB's names of the measures it has; uncut MAP and Success@1 have none
        assertThat(fieldNames(en)).containsExactly("hf_subset", "languages", "main_score", "ndcg_at_10", "recall_at_1",
                "precision_at_1", "mrr_at_10");
        assertThat(result.get("task_name").asText()).isEqualTo("qrels.txt");
    }

    @Test
    void withoutQueryLanguagesOneDefaultSubsetHoldsTheMeans() throws Exception {
        EvalReport report = ExportFixture.report("bm25");

        JsonNode result = JSON.readTree(MtebExport.render(report, report.runs().get(0).standard(), Map.of()));

        assertSchema(result);
        JsonNode only = result.at("/scores/test/0");
        assertThat(result.at("/scores/test")).hasSize(1);
        assertThat(only.get("hf_subset").asText()).isEqualTo("default");
        // (1 + 1/log2(3) + 0) / 3 and MRR@10 (1 + 1/2 + 0) / 3
        assertThat(only.get("main_score").asDouble()).isCloseTo((1 + 1 / ExportFixture.LOG2_3) / 3, within(1e-12));
        assertThat(only.get("mrr_at_10").asDouble()).isCloseTo(0.5, within(1e-12));
    }

    /** The TaskResult fields and types documented above. */
    private static void assertSchema(JsonNode result) {
        assertThat(fieldNames(result)).containsExactlyInAnyOrder("dataset_revision", "task_name", "mteb_version", "scores",
                "evaluation_time", "kg_co2_emissions");
        assertThat(result.get("dataset_revision").isTextual()).isTrue();
        assertThat(result.get("task_name").isTextual()).isTrue();
        assertThat(result.get("mteb_version").asText()).matches("\\d+\\.\\d+\\.\\d+");
        assertThat(result.get("evaluation_time").isNull() || result.get("evaluation_time").isNumber()).isTrue();
        assertThat(result.get("kg_co2_emissions").isNull() || result.get("kg_co2_emissions").isNumber()).isTrue();
        assertThat(result.get("scores").isObject()).isTrue();
        result.get("scores").forEach(split -> {
            assertThat(split.isArray()).isTrue();
            split.forEach(entry -> {
                assertThat(entry.has("main_score")).isTrue();
                assertThat(entry.get("hf_subset").isTextual()).isTrue();
                assertThat(entry.get("languages").isArray()).isTrue();
                entry.get("languages").forEach(l -> assertThat(l.isTextual()).isTrue());
                entry.fieldNames().forEachRemaining(key -> {
                    if (!key.equals("hf_subset") && !key.equals("languages")) {
                        assertThat(key).matches("main_score|(ndcg|recall|precision|mrr|map)_at_\\d+");
                        assertThat(entry.get(key).isNumber()).as(key).isTrue();
                    }
                });
            });
        });
    }

    private static List<String> fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
