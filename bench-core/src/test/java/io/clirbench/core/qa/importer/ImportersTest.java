package io.clirbench.core.qa.importer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The three converters, on small hand-written inputs whose canonical form is worked out in the test. */
class ImportersTest {

    private static final Path PARITY = Path.of(System.getProperty("shared.data")).resolve("qa-parity");

    @TempDir
    Path dir;

    @Test
    void hotpotOfficialAndHuggingFaceRowsOfTheSameExampleImportAlike() throws IOException {
        Path official = Files.writeString(dir.resolve("gold.json"), """
                [{"_id": "x1", "question": "Q?", "answer": "A", "type": "bridge", "level": "hard",
                  "supporting_facts": [["Beta", 1], ["Alpha", 0]],
                  "context": [["Alpha", ["a0. ", "a1."]], ["Beta", ["b0. ", "b1."]]]}]
                """);
        Path hf = Files.writeString(dir.resolve("rows.jsonl"), """
                {"id": "x1", "question": "Q?", "answer": "A", "type": "bridge", "level": "hard", "supporting_facts": {"title": ["Beta", "Alpha"], "sent_id": [1, 0]}, "context": {"title": ["Alpha", "Beta"], "sentences": [["a0. ", "a1."], ["b0. ", "b1."]]}}
                """);
        QaInstance a = HotpotImporter.read(official, "de", "validation").get(0);
        QaInstance b = HfHotpotImporter.read(hf, "de", "validation").get(0);
        assertThat(a).isEqualTo(b);
        // candidates in context order p00 (Alpha), p01 (Beta); facts in their order
        assertThat(a.supportingFacts()).containsExactly(new SupportingFact("p01", 1, "support"), new SupportingFact("p00", 0, "support"));
        assertThat(a.candidates()).allSatisfy(c -> assertThat(c.language()).isEqualTo("de"));
        assertThat(a.questionLanguage()).isEqualTo("de");
        assertThat(a.questionType()).isEqualTo("bridge");
    }

    // issue 45: Jackson reading the bytes of a HotpotQA array file itself took C0 AF for '/' and ED A0 80 for U+D800
    @Test
    void anOverlongFormOrAnEncodedSurrogateInAHotpotFileIsRefusedWithItsLineAndOffset() throws IOException {
        String json = "[{\"_id\": \"x1\", \"question\": \"Q?\", \"answer\": \"A\",\n"
                + "  \"supporting_facts\": [[\"Alpha\", 0]], \"context\": [[\"Alpha\", [\"a0 @@@.\"]]]}]\n";
        for (int[] bad : new int[][] {{0xC0, 0xAF}, {0xED, 0xA0, 0x80}}) {
            byte[] template = json.getBytes(StandardCharsets.UTF_8);
            int at = json.indexOf("@@@");
            byte[] bytes = template.clone();
            for (int k = 0; k < 3; k++) {
                bytes[at + k] = k < bad.length ? (byte) bad[k] : (byte) ' ';
            }
            Path file = Files.write(dir.resolve("gold.json"), bytes);
            // line 2 starts after the first '\n'; the bad sequence's first byte is where the strict decoder stops
            int offset = at - (json.indexOf('\n') + 1);
            assertThatThrownBy(() -> HotpotImporter.read(file, "en", "dev")).isInstanceOf(DatasetFormatException.class)
                    .hasMessageContaining(String.format(java.util.Locale.ROOT,
                            "gold.json line 2: invalid UTF-8: byte 0x%02X at byte offset %d", bad[0], offset));
        }
    }

    @Test
    void aLoneSurrogateEscapeInAHotpotFileIsRefused() throws IOException {
        Path official = Files.writeString(dir.resolve("gold.json"), """
                [{"_id": "x1", "question": "Q\\ud800?", "answer": "A",
                  "supporting_facts": [["Alpha", 0]], "context": [["Alpha", ["a0."]]]}]
                """);
        assertThatThrownBy(() -> HotpotImporter.read(official, "en", "dev")).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("gold.json line 1: 'question' has an unpaired surrogate U+D800 at character 1");
    }

    @Test
    void theSharedHotpotCaseImportsAllSeventyExamples() {
        List<QaInstance> all = HotpotImporter.read(PARITY.resolve("hp-basic/gold.json"), "en", "validation");
        assertThat(all).hasSize(70); // qa-parity/README.md: 70 examples
    }

    @Test
    void badInputIsNamedAndNothingIsReturned() throws IOException {
        Path official = Files.writeString(dir.resolve("gold.json"), """
                [{"_id": "x1", "question": "Q?", "answer": "A",
                  "supporting_facts": [["Gamma", 0]],
                  "context": [["Alpha", ["a0."]]]},
                 {"_id": "x2", "question": "Q?", "answer": "A", "supporting_facts": [["Alpha", 3]], "context": [["Alpha", ["a0."]]]}]
                """);
        assertThatThrownBy(() -> HotpotImporter.read(official, "en", "dev")).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("gold.json line 1: supporting fact title 'Gamma' is not the title of any context paragraph")
                .hasMessageContaining("gold.json line 4: supporting_facts[0]: sentence_id 3 is out of range for paragraph 'p00' (1 sentences)");
    }

    @Test
    void anArrayFileOfNulsIsAProblemNotAnIoFailure() throws IOException {
        // found by fuzzing (fuzz/README.md): "[" then NULs made Jackson, reading the bytes itself, take the file for
        // UTF-32 and fail with an UncheckedIOException "cannot read". It reads strictly decoded UTF-8 text now
        // (StrictText), where a NUL between tokens is malformed JSON on line 1.
        byte[] bytes = {'[', 0, 0, 0, 0, 0, 0, 0, 0, 0, '{', '"', 'z', '"', ':', '1', '}', ']'};
        Path file = Files.write(dir.resolve("gold.json"), bytes);
        assertThatThrownBy(() -> HotpotImporter.read(file, "en", "dev")).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("gold.json line 1: malformed JSON");
        assertThatThrownBy(() -> HfHotpotImporter.read(file, "en", "dev")).isInstanceOf(DatasetFormatException.class)
                .hasMessageContaining("gold.json line 1: malformed JSON");
    }

    @Test
    @SuppressWarnings("unchecked")
    void hubRowsKeepStatusAndListTheFactsTheyCannotKeep() throws IOException {
        Path rows = Files.writeString(dir.resolve("hub.jsonl"), """
                {"id": "xhp-validation-s1", "source_id": "s1", "source_split": "validation", "question": "Wer?", "answer": "Ada", "question_language": "de", "answer_language": "de", "question_type": "bridge", "difficulty": "hard", "candidates": [{"paragraph_id": "p00", "candidate_index": 0, "source_title": "Ada", "title": "Ada", "sentences": ["Ada schrieb."], "language": "German", "language_code": "de"}, {"paragraph_id": "p01", "candidate_index": 1, "source_title": "Bob", "title": "Bob", "sentences": ["Bob las.", "Ende."], "language": "Hindi", "language_code": "hi"}], "supporting_facts": [{"source_title": "Ada", "paragraph_id": "p00", "candidate_index": 0, "sentence_index": 0, "in_bounds": true}, {"source_title": "Bob", "paragraph_id": "p01", "candidate_index": 1, "sentence_index": 4, "in_bounds": false}], "status": "review_required", "structural_flags": ["support_index_out_of_range"], "provenance": {"translation_model": "m"}}
                """);
        XhotpotHubImporter.Result result = XhotpotHubImporter.read(rows);
        assertThat(result.droppedFacts()).isEqualTo(1);
        QaInstance i = result.instances().get(0);
        assertThat(i.status()).isEqualTo("review_required");
        assertThat(i.candidates().get(1).language()).isEqualTo("hi");
        assertThat(i.supportingFacts()).containsExactly(new SupportingFact("p00", 0, "support"));
        assertThat((List<Map<String, Object>>) i.provenance().get("import_dropped_support"))
                .containsExactly(Map.of("source_title", "Bob", "paragraph_id", "p01", "sentence_index", 4));
        assertThat(i.provenance()).containsEntry("translation_model", "m").containsEntry("structural_flags", List.of("support_index_out_of_range"));
    }

    @Test
    void canonicalXhotpotqaLinesImportAsTheyAre() {
        assertThat(XhotpotHubImporter.read(PARITY.resolve("xh-lang/gold.jsonl")).instances()).hasSize(100);
    }
}
