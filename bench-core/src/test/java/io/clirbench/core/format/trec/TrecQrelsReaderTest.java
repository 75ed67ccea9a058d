package io.clirbench.core.format.trec;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.Problem;
import io.clirbench.core.dataset.TestFiles;
import io.clirbench.core.model.Qrels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class TrecQrelsReaderTest {

    @TempDir
    Path dir;

    @Test
    void readsQ0AndZeroIterColumnsPlainOrGzip() {
        String text = TestFiles.lines("769 Q0 18639 1", "769\t0\t5412  2", "", "12 Q0 7 0");
        Qrels plain = TrecQrelsReader.read(TestFiles.write(dir.resolve("qrels.txt"), text));
        Qrels gz = TrecQrelsReader.read(TestFiles.writeGzip(dir.resolve("qrels.txt.gz"), text));
        assertThat(plain.asMap()).isEqualTo(Map.of("769", Map.of("18639", 1, "5412", 2), "12", Map.of("7", 0)));
        assertThat(plain.queryIds()).containsExactly("769", "12");
        assertThat(gz.asMap()).isEqualTo(plain.asMap());
    }

    @Test
    void reportsEveryBadLine() {
        Path file = TestFiles.write(dir.resolve("qrels.txt"),
                TestFiles.lines("1 Q0 a 1", "1 Q0 b", "1 Q0 c yes", "1 Q0 a 0", "2 Q0 a 1 extra"));
        DatasetFormatException e = catchThrowableOfType(DatasetFormatException.class, () -> TrecQrelsReader.read(file));
        assertThat(e.problems()).extracting(Problem::toString).containsExactly(
                "qrels.txt line 2: expected 4 columns 'qid iter docid rel', found 3: '1 Q0 b'",
                "qrels.txt line 3: relevance is not an integer: 'yes'",
                "qrels.txt line 4: query '1' and document 'a' judged twice (first on line 1)",
                "qrels.txt line 5: expected 4 columns 'qid iter docid rel', found 5: '2 Q0 a 1 extra'");
    }

    @Test
    void readsTheBrowseCompPlusGoldQrels() {
        Path file = Path.of(System.getProperty("shared.data"), "browsecomp-plus", "qrel_golds.txt");
        Qrels qrels = TrecQrelsReader.read(file);
        // counts from shared/data/browsecomp-plus/README.md: 2,407 judgments over 830 queries
        assertThat(qrels.size()).isEqualTo(2407);
        assertThat(qrels.queryIds()).hasSize(830);
        assertThat(qrels.judgments("769")).containsEntry("18639", 1);
    }
}
