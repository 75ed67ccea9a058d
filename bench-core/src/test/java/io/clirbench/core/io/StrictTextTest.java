package io.clirbench.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * {@link StrictText}: the bytes the Unicode standard (3.9, table 3-7, "well-formed UTF-8 byte sequences") rules out are
 * refused at the offset of the first byte that cannot continue a well-formed sequence; unpaired surrogates from JSON
 * escapes are found in values and names.
 */
class StrictTextTest {

    private static byte[] bytes(String ascii, int... tail) {
        byte[] head = ascii.getBytes(StandardCharsets.US_ASCII);
        byte[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
        for (int k = 0; k < tail.length; k++) {
            all[head.length + k] = (byte) tail[k];
        }
        return all;
    }

    @Test
    void overlongFormsEncodedSurrogatesAndInvalidBytesAreRefusedWithTheirOffset() {
        // C0 can never start a sequence (table 3-7): the overlong '/' fails at C0, offset 2
        assertThat(catchThrowableOfType(StrictText.InvalidUtf8Exception.class, () -> StrictText.decode(bytes("a/", 0xC0, 0xAF))))
                .hasMessage("invalid UTF-8: byte 0xC0 at byte offset 2");
        // ED may be followed by 80..9F only: ED A0 80 (U+D800 encoded) fails at ED, offset 1
        assertThat(catchThrowableOfType(StrictText.InvalidUtf8Exception.class, () -> StrictText.decode(bytes("x", 0xED, 0xA0, 0x80))))
                .hasMessage("invalid UTF-8: byte 0xED at byte offset 1");
        assertThat(catchThrowableOfType(StrictText.InvalidUtf8Exception.class, () -> StrictText.decode(bytes("", 0xFF))))
                .hasMessage("invalid UTF-8: byte 0xFF at byte offset 0");
    }

    @Test
    void theReaderNamesTheLineAndTheOffsetInIt() throws Exception {
        byte[] in = bytes("{\"a\": 1,\n \"b\": \"", 0xC0, 0xAF, '"', '}');
        Reader reader = StrictText.reader(new ByteArrayInputStream(in));
        StrictText.InvalidUtf8Exception e = catchThrowableOfType(StrictText.InvalidUtf8Exception.class,
                () -> reader.transferTo(new StringWriter()));
        // line 2 is ` "b": "` (7 bytes) before C0; the whole input has 9 bytes before line 2
        assertThat(e.line()).isEqualTo(2);
        assertThat(e.lineOffset()).isEqualTo(7);
        assertThat(e.offset()).isEqualTo(16);
        assertThat(e).hasMessage("line 2: invalid UTF-8: byte 0xC0 at byte offset 7");
    }

    @Test
    void theReaderPassesGoodTextWholeAcrossItsChunks() throws Exception {
        // 100,000 'é' and one U+1F600: multi-byte sequences split across the 64 KiB chunks; read one char at a time too
        String text = "\u00e9".repeat(100_000) + "\uD83D\uDE00\n";
        StringWriter out = new StringWriter();
        StrictText.reader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))).transferTo(out);
        assertThat(out.toString()).isEqualTo(text);
        Reader one = StrictText.reader(new ByteArrayInputStream("\uD83D\uDE00".getBytes(StandardCharsets.UTF_8)));
        assertThat(new char[] {(char) one.read(), (char) one.read()}).containsExactly('\uD83D', '\uDE00');
        assertThat(one.read()).isEqualTo(-1);
    }

    @Test
    void loneSurrogatesFromEscapesAreFoundWithTheirPlace() throws Exception {
        ObjectMapper json = new ObjectMapper();
        assertThat(StrictText.loneSurrogate(json.readTree("{\"a\":[\"ok \\ud83d\\ude00\",{\"b\":\"x\\ud800\"}]}")))
                .startsWith("'a[1].b' has an unpaired surrogate U+D800 at character 1");
        assertThat(StrictText.loneSurrogate(json.readTree("{\"\\udc00\":1}")))
                .startsWith("the member name has an unpaired surrogate U+DC00 at character 0");
        assertThat(StrictText.loneSurrogate(json.readTree("{\"a\":\"\\ud83d\\ude00\"}"))).isNull();
        assertThat(StrictText.maySurrogateEscape("{\"a\":\"\\u00e9\"}")).isFalse();
        assertThat(StrictText.maySurrogateEscape("{\"a\":\"\\uDBFF\"}")).isTrue();
    }
}
