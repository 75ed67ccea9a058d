package io.clirbench.core.dataset;

import io.clirbench.core.model.Dataset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.clirbench.core.dataset.TestFiles.lines;
import static io.clirbench.core.dataset.TestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class DatasetReaderTest {

    static final String INFO = "{\"id\": \"tiny\", \"name\": \"Tiny\", \"languages\": [\"de\", \"en\"], \"familyExpansion\": true}";
    static final String[] CORPUS = {
        "{\"_id\":\"d1\",\"title\":\"T\",\"text\":\"Hello world\",\"lang\":\"en\",\"family\":\"f1\",\"year\":2020,\"tags\":[\"a\",1],\"src\":{\"k\":true}}",
        "{\"_id\":\"d2\",\"text\":\"Hallo Welt\",\"lang\":\"de\",\"family\":\"f1\"}",
    };
    static final String[] QUERIES = {
        "{\"_id\":\"q1\",\"text\":\"greeting\",\"lang\":\"en\",\"mode\":\"short\"}",
        "{\"_id\":\"q2\",\"text\":\"Gruß\",\"lang\":\"de\",\"family\":\"f1\"}",
    };
    static final String[] QRELS = {"query-id\tcorpus-id\tscore", "q1\td1\t1", "q1\td2\t0", "q2\td2\t2"};

    @TempDir
    Path dir;

    @BeforeEach
    void writeValidDataset() {
        write(dir.resolve("dataset.json"), INFO);
        write(dir.resolve("corpus.jsonl"), lines(CORPUS));
        write(dir.resolve("queries.jsonl"), lines(QUERIES));
        write(dir.resolve("qrels.tsv"), lines(QRELS));
    }

    private List<String> problems() {
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class, () -> DatasetReader.read(dir));
        assertThat(e).as("expected a DatasetFormatException").isNotNull();
        return e.problems().stream().map(Problem::toString).toList();
    }

    private void corpus(String... lines) {
        write(dir.resolve("corpus.jsonl"), lines(lines));
    }

    private void queries(String... lines) {
        write(dir.resolve("queries.jsonl"), lines(lines));
    }

    private void qrels(String... lines) {
        write(dir.resolve("qrels.tsv"), lines(lines));
    }

    @Test
    void readsAValidDataset() {
        Dataset dataset = DatasetReader.read(dir);
        assertThat(dataset.info().id()).isEqualTo("tiny");
        assertThat(dataset.info().name()).isEqualTo("Tiny");
        assertThat(dataset.info().languages()).containsExactly("de", "en");
        assertThat(dataset.info().familyExpansion()).isTrue();
        assertThat(dataset.corpus()).extracting(d -> d.id()).containsExactly("d1", "d2");
        assertThat(dataset.document("d1").title()).isEqualTo("T");
        assertThat(dataset.document("d2").title()).isNull();
        // metadata: the other fields as plain Java values, in file order
        assertThat(dataset.document("d1").metadata()).containsExactly(
                Map.entry("year", 2020), Map.entry("tags", List.of("a", 1)), Map.entry("src", Map.of("k", true)));
        assertThat(dataset.query("q1").family()).isEqualTo("q1");
        assertThat(dataset.query("q2").family()).isEqualTo("f1");
        assertThat(dataset.query("q1").metadata()).containsExactly(Map.entry("mode", "short"));
        assertThat(dataset.qrels().judgments("q1")).containsExactly(Map.entry("d1", 1), Map.entry("d2", 0));
        assertThat(dataset.qrels().size()).isEqualTo(3);
    }

    @Test
    void languagesAndFamilyExpansionAreOptional() {
        write(dir.resolve("dataset.json"), "{\"id\": \"tiny\"}");
        Dataset dataset = DatasetReader.read(dir);
        assertThat(dataset.info().languages()).containsExactly("de", "en");
        assertThat(dataset.info().familyExpansion()).isFalse();
    }

    @Test
    void gzipAndPlainReadTheSame() throws Exception {
        Dataset plain = DatasetReader.read(dir);
        for (String name : List.of("corpus.jsonl", "queries.jsonl", "qrels.tsv")) {
            String text = Files.readString(dir.resolve(name));
            Files.delete(dir.resolve(name));
            TestFiles.writeGzip(dir.resolve(name + ".gz"), text);
        }
        TestFiles.assertSameDataset(DatasetReader.read(dir), plain);
    }

    @Test
    void malformedJson() {
        corpus(CORPUS[0], "{\"_id\":\"d2\",");
        assertThat(problems()).anySatisfy(p -> assertThat(p).startsWith("corpus.jsonl line 2: malformed JSON"));
    }

    @Test
    void idMissingEmptyOrNotAString() {
        corpus("{\"text\":\"a\",\"lang\":\"en\",\"family\":\"f\"}",
                "{\"_id\":\"\",\"text\":\"a\",\"lang\":\"en\",\"family\":\"f\"}",
                "{\"_id\":7,\"text\":\"a\",\"lang\":\"en\",\"family\":\"f\"}",
                CORPUS[0], CORPUS[1]);
        assertThat(problems()).containsExactly(
                "corpus.jsonl line 1: missing field '_id'",
                "corpus.jsonl line 2: empty '_id'",
                "corpus.jsonl line 3: '_id' is not a string: 7");
    }

    @Test
    void idsWithControlCharactersAreRefused() {
        // issue 45: a TAB or a NUL in an id broke the TREC and TSV files written from it
        corpus("{\"_id\":\"d\\tX\",\"text\":\"a\",\"lang\":\"en\",\"family\":\"f\"}",
                "{\"_id\":\"dY\\u0000\",\"text\":\"a\",\"lang\":\"en\",\"family\":\"f\"}",
                CORPUS[0], CORPUS[1]);
        assertThat(problems()).containsExactly(
                "corpus.jsonl line 1: '_id' 'd\\u0009X' contains the control character U+0009 at offset 1 (ids go into TREC and"
                        + " TSV files, where it would split a field)",
                "corpus.jsonl line 2: '_id' 'dY\\u0000' contains the control character U+0000 at offset 2 (ids go into TREC"
                        + " and TSV files, where it would split a field)");
    }

    @Test
    void duplicateIds() {
        corpus(CORPUS[0], CORPUS[1], CORPUS[0]);
        queries(QUERIES[0], QUERIES[1], QUERIES[1]);
        assertThat(problems()).containsExactly(
                "corpus.jsonl line 3: duplicate document id 'd1' (first on line 1)",
                "queries.jsonl line 3: duplicate query id 'q2' (first on line 2)");
    }

    @Test
    void missingOrInvalidLanguage() {
        queries("{\"_id\":\"q1\",\"text\":\"greeting\"}", "{\"_id\":\"q2\",\"text\":\"x\",\"lang\":\"zh cn\"}",
                "{\"_id\":\"q3\",\"text\":\"x\",\"lang\":\"xx\"}");
        assertThat(problems()).containsExactly(
                "queries.jsonl line 1: missing field 'lang'",
                "queries.jsonl line 2: language 'zh cn' is not a BCP-47 language tag or ISO 639 code (ill-formed at character 1)",
                "queries.jsonl line 3: language 'xx' is not a language ICU knows (BCP-47 tag or ISO 639 code expected)");
    }

    @Test
    void emptyOrBlankText() {
        corpus(CORPUS[0], "{\"_id\":\"d2\",\"text\":\"  \",\"lang\":\"de\",\"family\":\"f1\"}");
        queries("{\"_id\":\"q1\",\"text\":\"\",\"lang\":\"en\"}", QUERIES[1]);
        assertThat(problems()).containsExactly(
                "corpus.jsonl line 2: empty text '  '",
                "queries.jsonl line 1: empty text ''");
    }

    @Test
    void languageTagsAreReadInTheirCanonicalForm() {
        // ARCHITECTURE.md "Language tags": iw is he (ISO 639-1 withdrew iw), zho and fas are the ISO 639-3 codes of zh
        // and fa, Debian writes pt_BR for pt-BR; dataset.json may list the tags in any of their forms
        write(dir.resolve("dataset.json"), "{\"id\":\"tags\",\"languages\":[\"fas\",\"he\",\"pt_BR\",\"zh\"]}");
        corpus("{\"_id\":\"d1\",\"text\":\"a\",\"lang\":\"zho\",\"family\":\"f1\"}",
                "{\"_id\":\"d2\",\"text\":\"b\",\"lang\":\"fa\",\"family\":\"f1\"}");
        queries("{\"_id\":\"q1\",\"text\":\"shalom\",\"lang\":\"iw\"}", "{\"_id\":\"q2\",\"text\":\"oi\",\"lang\":\"PT_br\"}");
        qrels("query-id\tcorpus-id\tscore", "q1\td1\t1", "q2\td2\t1");
        Dataset dataset = DatasetReader.read(dir);
        assertThat(dataset.query("q1").lang()).isEqualTo("he");
        assertThat(dataset.query("q2").lang()).isEqualTo("pt-BR");
        assertThat(dataset.document("d1").lang()).isEqualTo("zh");
        assertThat(dataset.info().languages()).containsExactly("fa", "he", "pt-BR", "zh");
    }

    @Test
    void theDescriptorsLanguagesAreComparedAsCanonicalTags() {
        write(dir.resolve("dataset.json"), "{\"id\":\"tags\",\"languages\":[\"de\",\"en-US\"]}");
        assertThat(problems()).containsExactly(
                "dataset.json: 'languages' lists [en-US] not found in corpus or queries and misses [en] found in corpus or queries");
    }

    @Test
    void textOfNoBreakOrZeroWidthSpacesIsEmptyAndLoneSurrogatesAreRejected() {
        corpus(CORPUS[0], "{\"_id\":\"d2\",\"text\":\"\u00a0\u200b\",\"lang\":\"de\",\"family\":\"f1\"}");
        queries("{\"_id\":\"q1\",\"text\":\"bad \\ud800 escape\",\"lang\":\"en\"}", QUERIES[1]);
        assertThat(problems()).containsExactly(
                "corpus.jsonl line 2: empty text '\u00a0\u200b'",
                "queries.jsonl line 1: 'text' has an unpaired surrogate U+D800 at character 4 (a \\u escape of half a pair,"
                        + " not text)",
                "qrels.tsv line 2: unknown query id 'q1'", "qrels.tsv line 3: unknown query id 'q1'");
    }

    // issue 45: only 'text' was checked; an id, a title, a family or a metadata value kept half a surrogate pair, which
    // no UTF-8 writer can write back (the TREC run and the report got a '?')
    @Test
    void loneSurrogateEscapesAreRefusedInEveryFieldNotOnlyText() {
        corpus("{\"_id\":\"d1\\udc00\",\"text\":\"Hello\",\"lang\":\"en\",\"family\":\"f1\"}",
                "{\"_id\":\"d2\",\"title\":\"T \\ud800\",\"text\":\"Hallo\",\"lang\":\"de\",\"family\":\"f1\"}");
        queries("{\"_id\":\"q1\",\"text\":\"greeting\",\"lang\":\"en\",\"mode\":[\"ok\",\"\\ud83d\"]}", QUERIES[1]);
        assertThat(problems()).contains(
                "corpus.jsonl line 1: '_id' has an unpaired surrogate U+DC00 at character 2 (a \\u escape of half a pair, not text)",
                "corpus.jsonl line 2: 'title' has an unpaired surrogate U+D800 at character 2 (a \\u escape of half a pair, not text)",
                "queries.jsonl line 1: 'mode[1]' has an unpaired surrogate U+D83D at character 0 (a \\u escape of half a pair,"
                        + " not text)");
    }

    @Test
    void malformedDatasetJsonNamesItsLineAndColumn() {
        write(dir.resolve("dataset.json"), "{\n  \"id\": \"tiny\",\n  \"name\": \"Tiny\" \"oops\"\n}");
        assertThat(problems()).singleElement().satisfies(p -> assertThat(p)
                .startsWith("dataset.json line 3: malformed JSON at column").contains("oops"));
    }

    @Test
    void documentNeedsFamily() {
        corpus(CORPUS[0], "{\"_id\":\"d2\",\"text\":\"Hallo\",\"lang\":\"de\"}");
        assertThat(problems()).containsExactly("corpus.jsonl line 2: missing field 'family'");
    }

    @Test
    void invalidUtf8() {
        byte[] bad = "{\"_id\":\"q2\",\"text\":\"Gr\u00fc\u00df\",\"lang\":\"de\"}\n".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        byte[] first = (QUERIES[0] + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] all = new byte[first.length + bad.length];
        System.arraycopy(first, 0, all, 0, first.length);
        System.arraycopy(bad, 0, all, first.length, bad.length);
        TestFiles.writeBytes(dir.resolve("queries.jsonl"), all);
        // Latin-1 'ü' (0xFC) is at byte 22 of line 2; the qrels line for q2 is not reported again
        assertThat(problems()).containsExactly("queries.jsonl line 2: invalid UTF-8: byte 0xFC at byte offset 22",
                "qrels.tsv line 4: unknown query id 'q2'");
    }

    @Test
    void qrelsHeaderColumnsAndScore() {
        qrels("query-id corpus-id score", "q1\td1", "q1\td2\thigh", "q1\td1\t1\textra");
        assertThat(problems()).containsExactly(
                "qrels.tsv line 1: header must be 'query-id<TAB>corpus-id<TAB>score', found 'query-id corpus-id score'",
                "qrels.tsv line 2: expected 3 tab-separated columns, found 2: 'q1<TAB>d1'",
                "qrels.tsv line 3: score is not an integer: 'high'",
                "qrels.tsv line 4: expected 3 tab-separated columns, found 4: 'q1<TAB>d1<TAB>1<TAB>extra'");
    }

    @Test
    void qrelsUnknownIdsAndDuplicates() {
        qrels(QRELS[0], "q1\td1\t1", "q9\td1\t1", "q1\tX\t1", "q1\td1\t2");
        assertThat(problems()).containsExactly(
                "qrels.tsv line 3: unknown query id 'q9'",
                "qrels.tsv line 4: unknown document id 'X'",
                "qrels.tsv line 5: query 'q1' and document 'd1' judged twice (first on line 2)");
    }

    @Test
    void aRepeatedPairNamingAnUnknownIdIsReportedAsUnknownNotAsJudgedTwice() {
        // issue 45: only pairs of known ids are remembered for the duplicate check (3,000,000 lines of unknown ids once
        // held some 320 MB of pairs in the gateway); a pair of known ids judged twice is still found, bad score or not
        qrels(QRELS[0], "q9\tX\t1", "q9\tX\t1", "q1\td1\tnope", "q1\td1\t1");
        assertThat(problems()).containsExactly(
                "qrels.tsv line 2: unknown query id 'q9'",
                "qrels.tsv line 2: unknown document id 'X'",
                "qrels.tsv line 3: unknown query id 'q9'",
                "qrels.tsv line 3: unknown document id 'X'",
                "qrels.tsv line 4: score is not an integer: 'nope'",
                "qrels.tsv line 5: query 'q1' and document 'd1' judged twice (first on line 4)");
    }

    @Test
    void aFileOfManyBadLinesKeepsTheFirstThousandProblemsAndCountsTheRest() throws Exception {
        // issue 45: 3,000,000 unknown ids once filled the gateway's heap with problems; 200,000 lines here, each an
        // unknown document: 200,000 problems, the first Problems.KEPT = 1,000 kept (lines 2..1,001), the message lists
        // DatasetFormatException.MESSAGE_LIMIT = 50 and counts 200,000 - 50 = 199,950 more
        StringBuilder qrels = new StringBuilder(QRELS[0]).append('\n');
        for (int i = 0; i < 200_000; i++) {
            qrels.append("q1\tmissing-").append(i).append("\t1\n");
        }
        java.nio.file.Files.writeString(dir.resolve("qrels.tsv"), qrels);
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class, () -> DatasetReader.read(dir));
        assertThat(e.total()).isEqualTo(200_000);
        assertThat(e.problems()).hasSize(1_000);
        assertThat(e.problems().getLast().toString()).isEqualTo("qrels.tsv line 1001: unknown document id 'missing-999'");
        assertThat(e.getMessage()).startsWith("200000 problems:\n  qrels.tsv line 2: unknown document id 'missing-0'")
                .endsWith("\n  ... and 199950 more");
        assertThat(e.getMessage().lines()).hasSize(52);      // the count line, 50 problems, the rest counted
    }

    @Test
    void emptyQrelsFile() {
        qrels();
        write(dir.resolve("qrels.tsv"), "");
        assertThat(problems()).containsExactly("qrels.tsv: empty file: missing header 'query-id<TAB>corpus-id<TAB>score'");
    }

    @Test
    void datasetJsonFields() {
        write(dir.resolve("dataset.json"), "{\"name\": 3, \"familyExpansion\": \"yes\", \"lang\": \"en\"}");
        assertThat(problems()).containsExactlyInAnyOrder(
                "dataset.json: missing field 'id'",
                "dataset.json: 'name' must be a non-empty string, found '3'",
                "dataset.json: 'familyExpansion' must be true or false, found '\"yes\"'");
    }

    @Test
    void aDatasetIdMustBeSafeAsADirectoryName() {
        // issue 45: "../../x" was accepted by path (uploads refused it): one rule, in bench-core
        write(dir.resolve("dataset.json"), "{\"id\": \"../../x\"}");
        assertThat(problems()).containsExactly("dataset.json: 'id' '../../x' must match [A-Za-z0-9][A-Za-z0-9._+-]{0,127}"
                + " (it names directories, collections and files)");
    }

    @Test
    void datasetJsonFieldsLongerThanTheirColumnsAreRefused() {
        // issue 45: a version of 5,000 characters reached the gateway's VARCHAR(200) column (a 500)
        String version = "v".repeat(5_000);
        String name = "n".repeat(1_001);
        write(dir.resolve("dataset.json"), "{\"id\": \"tiny\", \"version\": \"" + version + "\", \"name\": \"" + name + "\"}");
        assertThat(problems()).containsExactlyInAnyOrder(
                "dataset.json: 'version' must be at most 200 characters, found 5000: '" + "v".repeat(40) + "...'",
                "dataset.json: 'name' must be at most 1000 characters, found 1001: '" + "n".repeat(40) + "...'");
    }

    @Test
    void fieldsBeyondTheKnownOnesAreKeptInOrderAndWrittenBack(@TempDir Path copy) {
        write(dir.resolve("dataset.json"), "{\"id\": \"tiny\", \"description\": \"A tiny set\", \"seed\": 7, "
                + "\"citation\": {\"doi\": \"10.1/x\", \"year\": 2026}}");
        Dataset dataset = DatasetReader.read(dir);
        assertThat(dataset.info().extra()).containsExactly(Map.entry("description", "\"A tiny set\""),
                Map.entry("seed", "7"), Map.entry("citation", "{\"doi\":\"10.1/x\",\"year\":2026}"));
        Path out = copy.resolve("tiny");
        DatasetWriter.write(dataset, out, false);
        assertThat(DatasetReader.read(out).info().extra()).isEqualTo(dataset.info().extra());
    }

    @Test
    void languagesMustMatchTheData() {
        write(dir.resolve("dataset.json"), "{\"id\": \"tiny\", \"languages\": [\"en\", \"fr\"]}");
        assertThat(problems()).containsExactly(
                "dataset.json: 'languages' lists [fr] not found in corpus or queries and misses [de] found in corpus or queries");
    }

    @Test
    void missingFileNamesTheDirectory() throws Exception {
        Files.delete(dir.resolve("queries.jsonl"));
        assertThat(problems()).containsExactly(
                "queries.jsonl: missing file: neither queries.jsonl nor queries.jsonl.gz exists in " + dir);
    }

    @Test
    void plainAndGzipOfTheSameFileIsAnError() {
        TestFiles.writeGzip(dir.resolve("corpus.jsonl.gz"), lines(CORPUS));
        assertThat(problems()).singleElement().asString()
                .startsWith("corpus.jsonl: both corpus.jsonl and corpus.jsonl.gz exist in " + dir);
    }

    @Test
    void collectsEveryProblemAndCapsTheMessage() {
        String[] bad = new String[60];
        for (int i = 0; i < bad.length; i++) {
            bad[i] = "{\"_id\":\"x" + i + "\",\"text\":\"t\",\"lang\":\"en\"}";
        }
        corpus(bad);
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class, () -> DatasetReader.read(dir));
        // 60 documents without family, and the 3 qrels lines now name unknown documents d1, d2, d2
        assertThat(e.problems()).hasSize(63);
        assertThat(e.getMessage()).startsWith("63 problems:\n  corpus.jsonl line 1: missing field 'family'")
                .endsWith("\n  ... and 13 more");
    }

    @Test
    void notADirectory() {
        assertThatThrownBy(() -> DatasetReader.read(dir.resolve("nope")))
                .isInstanceOf(DatasetFormatException.class).hasMessageContaining("nope");
    }
}
