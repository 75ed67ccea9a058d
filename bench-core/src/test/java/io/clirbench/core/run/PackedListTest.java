package io.clirbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class PackedListTest {

    private static final List<String> CORPUS = List.of("d0", "d1", "d2", "d3", "dé4");

    private static int index(String id) {
        return CORPUS.indexOf(id);
    }

    @Test
    void floatScoresTakeEightBytesAHitAndComeBackExactly() {
        // 0.5, 0.25, 1.75 and 12.125 are sums of powers of two: floats exactly
        RankedList list = new RankedList("q", new String[] {"d3", "d0", "dé4", "d1"}, new double[] {12.125, 1.75, 0.5, 0.25});
        byte[] bytes = PackedList.of(list, PackedListTest::index).toBytes();
        // format byte + count + 4 x (int index + float score) + count of unknown ids
        assertThat(bytes).hasSize(1 + 4 + 4 * 8 + 4);
        assertThat(bytes[0]).isEqualTo(PackedList.FLOAT_SCORES);
        RankedList back = PackedList.fromBytes("q", bytes, "test").toList(CORPUS::get);
        assertThat(back.docIds()).containsExactly("d3", "d0", "dé4", "d1");
        assertThat(back.scores()).containsExactly(12.125, 1.75, 0.5, 0.25);
    }

    @Test
    void aScoreThatIsNoFloatKeepsTheWholeListAsDoubles() {
        double third = 1.0 / 3; // not a float exactly: (double) (float) third != third
        assertThat((double) (float) third).isNotEqualTo(third);
        RankedList list = new RankedList("q", new String[] {"d1", "d2"}, new double[] {third, 0.25});
        byte[] bytes = PackedList.of(list, PackedListTest::index).toBytes();
        assertThat(bytes).hasSize(1 + 4 + 2 * 12 + 4);
        assertThat(bytes[0]).isEqualTo(PackedList.DOUBLE_SCORES);
        assertThat(PackedList.fromBytes("q", bytes, "test").toList(CORPUS::get).scores()).containsExactly(third, 0.25);
    }

    @Test
    void idsOutsideTheCorpusAreKeptAsTextInTheirPlaces() {
        RankedList list = new RankedList("q", new String[] {"x-ü", "d2", "y", "d0"}, new double[] {4, 3, 2, 1});
        PackedList packed = PackedList.fromBytes("q", PackedList.of(list, PackedListTest::index).toBytes(), "test");
        assertThat(packed.documents()).containsExactly(-1, 2, -2, 0);
        assertThat(packed.unknownIds()).containsExactly("x-ü", "y");
        assertThat(packed.toList(CORPUS::get).docIds()).containsExactly("x-ü", "d2", "y", "d0");
    }

    @Test
    void randomListsComeBackUnchanged() {
        Random random = new Random(7);
        for (int t = 0; t < 500; t++) {
            int n = random.nextInt(40);
            String[] ids = new String[n];
            double[] scores = new double[n];
            for (int i = 0; i < n; i++) {
                ids[i] = random.nextInt(4) == 0 ? "u" + i : CORPUS.get(random.nextInt(CORPUS.size())) + "#" + i;
                scores[i] = random.nextBoolean() ? random.nextDouble() : random.nextFloat();
            }
            List<String> known = java.util.Arrays.stream(ids).filter(id -> id.contains("#")).toList();
            RankedList list = new RankedList("q" + t, ids, scores);
            RankedList back = PackedList.fromBytes("q" + t, PackedList.of(list, known::indexOf).toBytes(), "test")
                    .toList(known::get);
            assertThat(back.docIds()).containsExactly(ids);
            assertThat(back.scores()).containsExactly(scores);
        }
    }

    @Test
    void bytesThatDoNotFitNameTheRow() {
        byte[] bytes = PackedList.of(new RankedList("q", new String[] {"d1"}, new double[] {1}), PackedListTest::index).toBytes();
        assertThat(bytes).hasSize(17); // format 1 + count 4 + index 4 + float 4 + unknown count 4
        byte[] cut = java.util.Arrays.copyOf(bytes, bytes.length - 2);
        assertThatThrownBy(() -> PackedList.fromBytes("q", cut, "run 'r' query 'q'"))
                .hasMessageStartingWith("run 'r' query 'q': stored hits (15 bytes) do not read as a packed list");
        byte[] format = bytes.clone();
        format[0] = 9;
        assertThatThrownBy(() -> PackedList.fromBytes("q", format, "row"))
                .hasMessageContaining("unknown format byte 9");
    }
}
