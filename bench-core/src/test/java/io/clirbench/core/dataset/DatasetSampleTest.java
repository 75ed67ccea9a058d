package io.clirbench.core.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class DatasetSampleTest {

    // Three families (a, b, c) in en+de; family c has no relevant document, so it is never drawn.
    // q1 is judged on a-en, q2 on b-de (and 0 on c-en), q3 on a-de and b-en (needs both families).
    private static final Dataset DATASET = new Dataset(
            new DatasetInfo("toy", "Toy", "1", "CC0-1.0", "test", List.of("de", "en"), true),
            List.of(doc("a-en", "en", "a"), doc("a-de", "de", "a"), doc("b-en", "en", "b"), doc("b-de", "de", "b"),
                    doc("c-en", "en", "c"), doc("c-de", "de", "c")),
            List.of(new Query("q1", "x", "en", "a", null), new Query("q2", "y", "de", "b", null),
                    new Query("q3", "z", "en", null, null)),
            Qrels.of(Map.of("q1", Map.of("a-en", 1), "q2", Map.of("b-de", 1, "c-en", 0), "q3", Map.of("a-de", 1, "b-en", 1))));

    @Test
    void keepsWholeFamiliesAndTheQueriesTheyAnswer() {
        Dataset sample = DatasetSample.byFamilies(DATASET, 1, 7);
        Set<String> families = sample.corpus().stream().map(Document::family).collect(Collectors.toSet());
        assertThat(families).hasSize(1).isSubsetOf("a", "b");
        String family = families.iterator().next();
        assertThat(sample.corpus()).extracting(Document::id).containsExactly(family + "-en", family + "-de");
        // q3 needs both a and b: never in a one-family sample
        assertThat(sample.queries()).extracting(Query::id).containsExactly(family.equals("a") ? "q1" : "q2");
        assertThat(sample.info().id()).isEqualTo("toy-f1s7");
        assertThat(sample.info().version()).isEqualTo("1+f1s7");
    }

    @Test
    void dropsJudgmentsOfDocumentsOutsideTheSample() {
        Dataset sample = DatasetSample.byFamilies(DATASET, 2, 1);
        // families a and b are the only ones with gold: both drawn; c-en (grade 0) is gone from q2
        assertThat(sample.corpus()).hasSize(4);
        assertThat(sample.qrels().judgments("q2")).isEqualTo(Map.of("b-de", 1));
        assertThat(sample.queries()).extracting(Query::id).containsExactly("q1", "q2", "q3");
        assertThat(sample.info().id()).isEqualTo("toy-f2s1");
    }

    @Test
    void sameSeedSameSample() {
        assertThat(DatasetSample.byFamilies(DATASET, 1, 3).corpus())
                .isEqualTo(DatasetSample.byFamilies(DATASET, 1, 3).corpus());
        assertThatThrownBy(() -> DatasetSample.byFamilies(DATASET, 0, 3)).hasMessageContaining("at least 1 family");
    }

    private static Document doc(String id, String lang, String family) {
        return new Document(id, null, "text of " + id, lang, family, null);
    }
}
