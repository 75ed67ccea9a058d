package io.clirbench.core.format.trec;

import io.clirbench.core.run.RankedList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** TREC run parsing: trec_eval order, validation, gzip, non-contiguous queries. */
class TrecRunReaderTest {

    @TempDir
    Path tmp;

    @Test
    void ordersTiesByDocIdDescendingAndIgnoresTheRankColumn() {
        // c-tricky t1: 2, 2.0, 2.000 and 2e0 tie; expected order from the fixture README (trec_eval)
        Path run = Path.of(System.getProperty("shared.data"), "trec-eval", "c-tricky", "run.txt");
        List<RankedList> lists = readAll(run);
        RankedList t1 = lists.stream().filter(l -> l.queryId().equals("t1")).findFirst().orElseThrow();
        assertThat(t1.docIds()).containsExactly("d2", "d9", "d100", "d10", "d1", "D50", "d11", "d3");
        assertThat(t1.scores()).containsExactly(3.0, 2.0, 2.0, 2.0, 2.0, 2.0, 1.5, -0.5);
        assertThat(lists).extracting(RankedList::queryId).containsExactly("t5", "t1", "t3", "t4", "t7");
    }

    @Test
    void duplicateDocumentIsRejectedWithFileLineAndId() throws IOException {
        Path run = write("run.txt", "q1 Q0 d1 1 2.0 t\nq1 Q0 d7 2 1.0 t\nq1 Q0 d7 3 0.5 t\n");
        assertThatThrownBy(() -> readAll(run))
                .isInstanceOfSatisfying(RunFormatException.class, e -> {
                    assertThat(e.file()).isEqualTo(run.toString());
                    assertThat(e.line()).isEqualTo(3);
                })
                .hasMessage(run + " line 3: duplicate document id 'd7' for query 'q1'");
    }

    @Test
    void invalidUtf8InAnIdIsRejectedAndValidUtf8IsKept() throws IOException {
        // Two different malformed ids (0xFF and 0xFE) must not both decode to the same replacement character.
        Path run = tmp.resolve("bad-utf8.txt");
        java.nio.file.Files.write(run, new byte[] {'q', '1', ' ', 'Q', '0', ' ', 'd', (byte) 0xC3, (byte) 0xA9, ' ', '1', ' ',
            '2', ' ', 't', '\n', 'q', '1', ' ', 'Q', '0', ' ', 'd', (byte) 0xFF, ' ', '2', ' ', '1', ' ', 't', '\n'});
        assertThatThrownBy(() -> readAll(run)).isInstanceOf(RunFormatException.class)
                .hasMessageStartingWith(run + " line 2: invalid UTF-8");
        Path good = write("good-utf8.txt", "q1 Q0 d\u00e9 1 2 t\n");
        assertThat(readAll(good).get(0).docIds()).containsExactly("d\u00e9");
    }

    @Test
    void wrongColumnCountIsRejected() throws IOException {
        Path five = write("five.txt", "q1 Q0 d1 1 2.0 t\n\nq1 Q0 d2 2 1.0\n");
        assertThatThrownBy(() -> readAll(five)).isInstanceOf(RunFormatException.class)
                .hasMessageContaining("line 3").hasMessageContaining("found 5").hasMessageContaining("q1 Q0 d2 2 1.0");
        Path seven = write("seven.txt", "q1 Q0 d1 1 2.0 t extra\n");
        assertThatThrownBy(() -> readAll(seven)).isInstanceOf(RunFormatException.class)
                .hasMessageContaining("line 1").hasMessageContaining("found 7");
    }

    @Test
    void unparsableOrNonFiniteScoreIsRejected() throws IOException {
        Path bad = write("bad.txt", "q1 Q0 d1 1 2.0 t\nq1 Q0 d2 2 1,5 t\n");
        assertThatThrownBy(() -> readAll(bad)).isInstanceOf(RunFormatException.class)
                .hasMessage(bad + " line 2: unparsable score '1,5'");
        Path nan = write("nan.txt", "q1 Q0 d1 1 NaN t\n");
        assertThatThrownBy(() -> readAll(nan)).hasMessage(nan + " line 1: non-finite score 'NaN'");
        Path inf = write("inf.txt", "q1 Q0 d1 1 -Infinity t\n");
        assertThatThrownBy(() -> readAll(inf)).hasMessageContaining("non-finite score '-Infinity'");
    }

    @Test
    void acceptsTabsCarriageReturnsBlankLinesAndNoFinalNewline() throws IOException {
        Path run = write("run.txt", "q1\tQ0\td1\t1\t1.0\tt\r\n\n  q1 Q0 d2 2 3 t");
        List<RankedList> lists = readAll(run);
        assertThat(lists).hasSize(1);
        assertThat(lists.get(0).docIds()).containsExactly("d2", "d1");
    }

    @Test
    void gzipAndPlainGiveTheSameLists() throws IOException {
        Path plain = Path.of(System.getProperty("shared.data"), "trec-eval", "c-tricky", "run.txt");
        Path gz = tmp.resolve("run.data"); // detected by magic bytes, not by name
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(plain, out);
        }
        assertSameLists(readAll(gz), readAll(plain));
    }

    @Test
    void nonContiguousQueriesFallBackToGroupingInMemory() throws IOException {
        Path plain = Path.of(System.getProperty("shared.data"), "trec-eval", "c-tricky", "run.txt");
        List<String> lines = new ArrayList<>(Files.readAllLines(plain));
        Collections.shuffle(lines, new Random(7));
        Path shuffled = write("shuffled.txt", String.join("\n", lines) + "\n");
        List<String> notices = new ArrayList<>();
        List<RankedList> lists = new ArrayList<>();
        new TrecRunReader(shuffled).onNotice(notices::add).forEachQuery(lists::add);

        assertThat(notices).hasSize(1);
        assertThat(notices.get(0)).contains("not contiguous").contains(shuffled.toString());
        lists.sort((a, b) -> a.queryId().compareTo(b.queryId()));
        List<RankedList> expected = new ArrayList<>(readAll(plain));
        expected.sort((a, b) -> a.queryId().compareTo(b.queryId()));
        assertSameLists(lists, expected);
    }

    @Test
    void contiguousRunFiresNoNotice() {
        List<String> notices = new ArrayList<>();
        new TrecRunReader(Path.of(System.getProperty("shared.data"), "trec-eval", "c-tricky", "run.txt"))
                .onNotice(notices::add).forEachQuery(l -> { });
        assertThat(notices).isEmpty();
    }

    @Test
    void aFailingSinkStopsTheReaderAndItsFailureReachesTheCaller() throws IOException {
        StringBuilder lines = new StringBuilder();
        for (int q = 0; q < 50; q++) {
            for (int d = 0; d < 20; d++) {
                lines.append("q").append(q).append(" Q0 d").append(d).append(" 0 ").append(d).append(" t\n");
            }
        }
        Path run = write("run.txt", lines.toString());
        int[] seen = {0};
        assertThatThrownBy(() -> new TrecRunReader(run).forEachQuery(list -> {
            if (++seen[0] == 3) {
                throw new IllegalStateException("sink failed");
            }
        })).hasMessage("sink failed");
        assertThat(seen[0]).isEqualTo(3);
    }

    @Test
    void duplicateIsFoundInTheFallbackToo() throws IOException {
        Path run = write("run.txt", "q1 Q0 d1 1 2 t\nq2 Q0 d1 1 2 t\nq1 Q0 d1 2 1 t\n");
        assertThatThrownBy(() -> readAll(run)).hasMessage(run + " line 3: duplicate document id 'd1' for query 'q1'");
    }

    @Test
    void writerRoundTripsThroughTheReaderPlainAndGzip() {
        RankedList list = new RankedList("q1", new String[]{"b", "a", "c"}, new double[]{0.1 + 0.2, 0.3, -1e-7});
        for (String name : List.of("out.txt", "out.txt.gz")) {
            Path file = tmp.resolve(name);
            try (TrecRunWriter writer = new TrecRunWriter(file, "mine")) {
                writer.write(list);
            }
            RankedList back = readAll(file).get(0);
            // 0.1 + 0.2 = 0.30000000000000004 > 0.3, so the order is kept exactly
            assertThat(back.docIds()).containsExactly("b", "a", "c");
            assertThat(back.scores()).containsExactly(list.scores());
        }
    }

    @Test
    void writerWritesRanksInListOrder() throws IOException {
        Path file = tmp.resolve("out.txt");
        try (TrecRunWriter writer = new TrecRunWriter(file, "tag")) {
            writer.write(new RankedList("q7", new String[]{"x", "y"}, new double[]{2.5, 1}));
        }
        assertThat(Files.readString(file)).isEqualTo("q7 Q0 x 1 2.5 tag\nq7 Q0 y 2 1.0 tag\n");
    }

    private Path write(String name, String content) throws IOException {
        return Files.writeString(tmp.resolve(name), content, StandardCharsets.UTF_8);
    }

    static List<RankedList> readAll(Path run) {
        List<RankedList> lists = new ArrayList<>();
        new TrecRunReader(run).forEachQuery(lists::add);
        return lists;
    }

    private static void assertSameLists(List<RankedList> actual, List<RankedList> expected) {
        assertThat(actual).hasSameSizeAs(expected);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(actual.get(i).queryId()).isEqualTo(expected.get(i).queryId());
            assertThat(actual.get(i).docIds()).containsExactly(expected.get(i).docIds());
            assertThat(actual.get(i).scores()).containsExactly(expected.get(i).scores());
        }
    }
}
