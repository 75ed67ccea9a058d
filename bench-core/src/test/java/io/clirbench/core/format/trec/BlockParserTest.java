package io.clirbench.core.format.trec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

class BlockParserTest {

    @Test
    void lowestByteIsTheIndexOfTheLowestMarkedByte() {
        // every set of marked bytes (top bit of each of the 8 bytes, 255 non-empty sets), against the
        // library's trailing-zero count: the lowest marked byte k has its bit at 8k + 7
        for (int set = 1; set < 256; set++) {
            long bits = 0;
            for (int k = 0; k < 8; k++) {
                if ((set & (1 << k)) != 0) {
                    bits |= 0x80L << (8 * k);
                }
            }
            assertThat(BlockParser.lowestByte(bits)).as("set %x", set).isEqualTo(Long.numberOfTrailingZeros(bits) >>> 3);
        }
        assertThat(BlockParser.lowestByte(0x80L)).isZero();
        assertThat(BlockParser.lowestByte(0x8000_0000_0000_0000L)).isEqualTo(7);
        assertThat(BlockParser.lowestByte(0x8080_0000_0000_0000L)).isEqualTo(6);
    }

    @Test
    void lowestByteOfRandomMarks() {
        Random random = new Random(19);
        for (int i = 0; i < 10_000; i++) {
            long bits = random.nextLong() & 0x8080808080808080L;
            if (bits != 0) {
                assertThat(BlockParser.lowestByte(bits)).isEqualTo(Long.numberOfTrailingZeros(bits) >>> 3);
            }
        }
    }
}
