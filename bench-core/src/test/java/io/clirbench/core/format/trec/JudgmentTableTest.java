package io.clirbench.core.format.trec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.Problem;
import io.clirbench.core.dataset.TestFiles;
import io.clirbench.core.io.MaybeGzip;
import io.clirbench.core.model.Qrels;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compact qrels against hand-written judgments and against the checking reader (line by line, Strings and maps),
 * which is what the compact form must equal, entry for entry and in order, or hand the file to.
 */
class JudgmentTableTest {

    @TempDir
    Path dir;

    private static JudgmentTable parse(String text) {
        return JudgmentTable.tryParse(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void holdsTheJudgmentsOfTheUsualFileInFileOrder() {
        // two queries, tabs and runs of spaces, CRLF, a blank line, grades 0, 2, 1, -1 and 3
        JudgmentTable table = parse("q2 0 d9 0\nq2\t0\td1  2\r\n\nq2 0 d5 1\nq1 Q0 d1 -1\nq1 Q0 d7 3\n");
        assertThat(table).isNotNull();
        assertThat(table.queryIds()).containsExactly("q2", "q1");
        assertThat(table.size()).isEqualTo(5);
        assertThat(new ArrayList<>(table.toMaps().get("q2").entrySet())).extracting(Map.Entry::getKey)
                .containsExactly("d9", "d1", "d5");
        assertThat(table.toMaps()).isEqualTo(Map.of("q2", Map.of("d9", 0, "d1", 2, "d5", 1), "q1", Map.of("d1", -1, "d7", 3)));
        assertThat(table.grades("q1")).isEqualTo(Map.of("d1", -1, "d7", 3));
        assertThat(table.grades("q3")).isNull();
        // relevant means a grade above 0: q2 has 1 and 2, q1 only 3
        assertThat(table.positiveGradesAscending("q2")).containsExactly(1, 2);
        assertThat(table.positiveGradesAscending("q1")).containsExactly(3);
        assertThat(table.positiveGradesAscending("q3")).isNull();
    }

    @Test
    void targetsAreTheDocumentsJudgedAboveZeroWithTheirGrades() {
        JudgmentTable table = parse("q1 0 doc-a 0\nq1 0 doc-b 2\nq1 0 a-much-longer-document-id-than-eight 1\nq1 0 c -3\nq2 0 x 0\n");
        IdTable targets = table.targets("q1");
        assertThat(targets.size()).isEqualTo(2);
        assertThat(targets.get("doc-b")).isEqualTo(2);
        assertThat(targets.get("a-much-longer-document-id-than-eight")).isEqualTo(1);
        assertThat(targets.get("doc-a")).isEqualTo(IdTable.ABSENT);
        assertThat(targets.get("c")).isEqualTo(IdTable.ABSENT);
        // the scanner looks ids up by their bytes in a block and the hash it computed there
        byte[] block = "xx doc-b yy".getBytes(StandardCharsets.US_ASCII);
        assertThat(targets.get(block, 3, 8, IdTable.hash(block, 3, 8))).isEqualTo(2);
        assertThat(table.targets("q2")).isNull(); // judged, nothing relevant
        assertThat(table.targets("q9")).isNull(); // not judged
    }

    @Test
    void handsEveryOtherFileToTheMapReaders() {
        assertThat(parse("q1 0 a 1\nq2 0 a 1\nq1 0 b 1\n")).as("a query's lines apart").isNull();
        assertThat(parse("q1 0 a 1\nq1 0 b 1\nq1 0 a 0\n")).as("judged twice, last query").isNull();
        assertThat(parse("q1 0 a 1\nq1 0 a 2\nq2 0 a 1\n")).as("judged twice, not the last").isNull();
        assertThat(parse("q1 0 dé 1\n")).as("non-ASCII").isNull();
        assertThat(parse("q1 0 a 1\nq1 0 b 1 é\n")).as("non-ASCII in a fifth field").isNull();
        assertThat(parse("q1 0 a 1\né 0 b 1\n")).as("non-ASCII first byte").isNull();
        assertThat(parse("\uFEFFq1 0 a 1\n")).as("a byte-order mark").isNull();
        assertThat(parse("q1 0 a\n")).as("three fields").isNull();
        assertThat(parse("q1 0 a 1 x\n")).as("five fields").isNull();
        assertThat(parse("q1 0 a yes\n")).as("grade").isNull();
        assertThat(parse("")).as("empty file").isNotNull();
    }

    @Test
    void aQueryWhoseLinesAreApartIsStillReadInFileOrder() {
        Qrels qrels = TrecQrelsReader.read(TestFiles.write(dir.resolve("apart.txt"), "q1 0 a 1\nq2 0 a 1\nq1 0 b 2\n"));
        assertThat(qrels.compact()).isNull();
        assertThat(qrels.asMap()).isEqualTo(Map.of("q1", Map.of("a", 1, "b", 2), "q2", Map.of("a", 1)));
        assertThat(qrels.queryIds()).containsExactly("q1", "q2");
    }

    @Test
    void aJudgmentRepeatedIsStillReportedWithBothLines() {
        Path file = TestFiles.write(dir.resolve("twice.txt"), "q1 0 a 1\nq1 0 b 1\nq1 0 a 0\n");
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class, () -> TrecQrelsReader.read(file));
        assertThat(e.problems()).extracting(Problem::toString)
                .containsExactly("twice.txt line 3: query 'q1' and document 'a' judged twice (first on line 1)");
    }

    @Test
    void readsTheSharedFixturesAsTheCheckingReaderDoes() throws IOException {
        List<Path> files = List.of(shared("trec-eval", "a-binary", "qrels.txt"), shared("trec-eval", "b-graded", "qrels.txt"),
                shared("trec-eval", "c-tricky", "qrels.txt"), shared("trec-eval", "d-generated", "qrels.txt.gz"),
                shared("browsecomp-plus", "qrel_golds.txt"));
        for (Path file : files) {
            Qrels checked = TrecQrelsReader.readChecked(file);
            JudgmentTable table;
            try (InputStream in = MaybeGzip.open(file)) {
                table = JudgmentTable.tryParse(in.readAllBytes());
            }
            assertThat(table).as(file.toString()).isNotNull();
            Qrels compact = Qrels.adopt(table);
            assertThat(compact.queryIds()).as(file.toString()).containsExactlyElementsOf(checked.queryIds());
            assertThat(compact.size()).as(file.toString()).isEqualTo(checked.size());
            for (String q : checked.queryIds()) {
                assertThat(new ArrayList<>(compact.judgments(q).entrySet())).as(file + " " + q)
                        .containsExactlyElementsOf(checked.judgments(q).entrySet());
            }
            assertThat(TrecQrelsReader.read(file).compact()).as(file + " read compactly").isInstanceOf(JudgmentTable.class);
        }
    }

    private static Path shared(String... parts) {
        return Path.of(System.getProperty("shared.data"), parts);
    }
}
