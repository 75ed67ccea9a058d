package io.clirbench.core.format.trec;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The fast score parser must return exactly Double.parseDouble's double (bit for bit). */
class ScoreParserTest {

    @Test
    void equalsParseDoubleOnSpecialSpellings() {
        for (String s : List.of("2", "2.0", "2.000", "2e0", "+2", "-0.5", "-0.00", "0", ".5", "5.", "1.5d", "0x1p3",
                "123456789012345678", "1234567890123456789", "9007199254740993", "0.1", "0.30000000000000004",
                "1e-7", "-1.0E-7", "12.345678901234567890", "0.0000000000000000000001", "1e400")) {
            assertSame(s);
        }
    }

    @Test
    void equalsParseDoubleOnRandomDecimals() {
        Random random = new Random(42);
        for (int i = 0; i < 200_000; i++) {
            int decimals = random.nextInt(19);
            String s = String.format(Locale.ROOT, "%." + decimals + "f", (random.nextDouble() - 0.3) * Math.pow(10, random.nextInt(8)));
            assertSame(s);
        }
    }

    @Test
    void rejectsWhatParseDoubleRejects() {
        for (String s : List.of("1,5", "-", ".", "", "1..2", "abc", "1e")) {
            byte[] b = s.getBytes(StandardCharsets.US_ASCII);
            assertThatThrownBy(() -> ScoreParser.parse(b, 0, b.length)).as(s).isInstanceOf(NumberFormatException.class);
        }
    }

    private static void assertSame(String s) {
        byte[] b = ("x" + s + "y").getBytes(StandardCharsets.US_ASCII);
        double ours = ScoreParser.parse(b, 1, b.length - 1);
        assertThat(Double.doubleToRawLongBits(ours)).as(s).isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(s)));
    }
}
