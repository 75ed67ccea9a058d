package io.clirbench.core.qa.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.Problem;
import io.clirbench.core.qa.model.QaInstance;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every validation error of a QA dataset is reported at once, each naming file, line and value. */
class QaDatasetReaderTest {

    @TempDir
    Path dir;

    static String record(String id, String ql, String al, String candidateLanguage, String facts) {
        return "{\"id\":\"" + id + "\",\"source_id\":\"" + id + "\",\"question\":\"Who?\",\"answer\":\"Ada\",\"question_language\":\"" + ql
                + "\",\"answer_language\":\"" + al + "\",\"candidates\":[{\"id\":\"p00\",\"title\":\"T\",\"sentences\":[\"Ada wrote.\",\"More.\"],"
                + "\"language\":\"" + candidateLanguage + "\"}],\"supporting_facts\":" + facts + "}";
    }

    static final String FACT = "[{\"paragraph_id\":\"p00\",\"sentence_id\":0}]";

    private Path dataset(String... lines) throws IOException {
        Files.writeString(dir.resolve("dataset.json"), "{\"id\":\"t\",\"kind\":\"qa\"}", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("instances.jsonl"), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        return dir;
    }

    @Test
    void aValidDatasetReadsWithItsLanguages() throws IOException {
        QaDatasetReader reader = QaDatasetReader.open(dataset(record("a", "en", "en", "de", FACT)));
        assertThat(reader.count()).isEqualTo(1);
        assertThat(reader.info().languages()).containsExactly("de", "en");
        List<QaInstance> all = QaDatasetReader.readAll(dir);
        assertThat(all.get(0).supportingFacts().get(0).paragraphId()).isEqualTo("p00");
    }

    @Test
    void languageTagsAreComparedByLanguageAndScript() throws IOException {
        // ARCHITECTURE.md "Language tags": pt-BR, pt and pt-PT are one language (Latin script); zh-Hans and zh-Hant are
        // two languages of one script family (Han), so a zh-Hans question with zh-Hant gold is a full mismatch
        QaDatasetReader reader = QaDatasetReader.open(dataset(record("a", "pt_BR", "pt", "pt-PT", FACT),
                record("b", "zh-Hans", "zh", "zh-Hant", FACT)));
        assertThat(reader.info().languages()).containsExactly("pt-BR", "pt-PT", "zh-Hans", "zh-Hant");
        List<QaInstance> all = QaDatasetReader.readAll(dir);
        io.clirbench.core.qa.eval.Descriptor pt = io.clirbench.core.qa.eval.Descriptor.of(all.get(0));
        assertThat(pt.goldMismatch()).isZero();
        assertThat(pt.goldLanguages()).containsExactly("pt");
        assertThat(pt.scriptRelation()).isEqualTo("same-script");
        io.clirbench.core.qa.eval.Descriptor zh = io.clirbench.core.qa.eval.Descriptor.of(all.get(1));
        assertThat(zh.goldMismatch()).isEqualTo(1.0);
        assertThat(zh.goldLanguages()).containsExactly("zh-Hant");
        assertThat(zh.scriptRelation()).isEqualTo("same-script");
    }

    @Test
    void everyProblemIsNamedByFileLineAndValue() throws IOException {
        dataset(
                record("a", "en", "en", "en", FACT),
                "{\"id\": \"b\", oops}",
                record("a", "en", "en", "en", FACT),
                record("c", "zh cn", "zh cn", "en", FACT),
                record("d", "ga", "ga", "xx", FACT),
                record("e", "en", "de", "en", FACT),
                record("f", "en", "en", "en", "[{\"paragraph_id\":\"p09\",\"sentence_id\":0}]"),
                record("g", "en", "en", "en", "[{\"paragraph_id\":\"p00\",\"sentence_id\":2}]"),
                record("h", "en", "en", "en", FACT).replace("[\"Ada wrote.\",\"More.\"]", "[]"),
                record("i", "en", "en", "en", "[{\"paragraph_id\":\"p00\",\"sentence_id\":-1}]"));
        assertThatThrownBy(() -> QaDatasetReader.open(dir))
                .isInstanceOf(DatasetFormatException.class)
                .satisfies(e -> {
                    List<String> problems = ((DatasetFormatException) e).problems().stream().map(Problem::toString).toList();
                    assertThat(problems).anySatisfy(p -> assertThat(p).startsWith("instances.jsonl line 2: malformed JSON"));
                    assertThat(problems).contains("instances.jsonl line 3: duplicate id 'a' (first on line 1)");
                    assertThat(problems).anySatisfy(p -> assertThat(p).startsWith(
                            "instances.jsonl line 4: question_language: language 'zh cn' is not a BCP-47 language tag or ISO 639 code"));
                    assertThat(problems).anySatisfy(p -> assertThat(p).startsWith(
                            "instances.jsonl line 5: question_language: language 'ga' has no entry in the QA script table"));
                    assertThat(problems).anySatisfy(p -> assertThat(p).startsWith(
                            "instances.jsonl line 5: candidates[0].language: language 'xx' is not a language ICU knows"));
                    assertThat(problems).contains("instances.jsonl line 6: question_language 'en' differs from answer_language 'de'");
                    assertThat(problems).contains("instances.jsonl line 7: supporting_facts[0]: unknown paragraph_id 'p09' (candidates: [p00])");
                    assertThat(problems).contains(
                            "instances.jsonl line 8: supporting_facts[0]: sentence_id 2 is out of range for paragraph 'p00' (2 sentences)");
                    assertThat(problems).contains("instances.jsonl line 9: candidates[0]: paragraph 'p00' has no sentences");
                    assertThat(problems).contains(
                            "instances.jsonl line 10: supporting_facts[0]: 'sentence_id' must be a non-negative integer, found '-1'");
                });
    }

    @Test
    void theDescriptorMustSayKindQaAndListTheLanguagesUsed() throws IOException {
        dataset(record("a", "en", "en", "de", FACT));
        Files.writeString(dir.resolve("dataset.json"), "{\"id\":\"t\",\"kind\":\"retrieval\",\"languages\":[\"en\"],\"familyExpansion\":true}");
        assertThatThrownBy(() -> QaDatasetReader.open(dir)).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("dataset.json: unknown field 'familyExpansion'")
                .hasMessageContaining("dataset.json: 'kind' must be \"qa\" for a QA dataset, found 'retrieval'")
                .hasMessageContaining("dataset.json: 'languages' lists [en] but the instances use [de, en]");
    }

    @Test
    void writtenDatasetsReadBackEqualAndRewriteByteForByte() throws IOException {
        List<QaInstance> instances = QaDatasetReader.readAll(dataset(record("a", "en", "en", "de", FACT), record("b", "de", "de", "de", FACT)));
        Path out = dir.resolve("out");
        QaDatasetWriter.write(QaDatasetReader.open(dir).info(), instances, out);
        assertThat(QaDatasetReader.readAll(out)).isEqualTo(instances);
        byte[] first = Files.readAllBytes(out.resolve("instances.jsonl.gz"));
        QaDatasetWriter.write(QaDatasetReader.open(dir).info(), QaDatasetReader.readAll(out), out);
        assertThat(Files.readAllBytes(out.resolve("instances.jsonl.gz"))).isEqualTo(first);
    }
}
