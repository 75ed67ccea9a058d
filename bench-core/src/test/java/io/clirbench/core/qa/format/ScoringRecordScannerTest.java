package io.clirbench.core.qa.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.qa.model.QaInstance;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;

/**
 * {@link ScoringRecordScanner} against its oracle, Jackson: {@link ScoringRecordParser#parse} on the line decoded as
 * strict UTF-8 (the path every line took before the scanner). The scanner must give the same instance or null (the
 * line then goes the Jackson way), and null whenever that path gives null or the line is not UTF-8. On the shipped
 * lines it must take every line (else the fast path would be a slow one), and on escapes it must decode as Jackson.
 */
class ScoringRecordScannerTest {

    private static final Path XQUAD_MIX = Path.of("..", "datasets", "xquad-mix", "instances.jsonl.gz");
    private static final Path XH_LANG = Path.of(System.getProperty("shared.data")).resolve("qa-parity/xh-lang/gold.jsonl");

    @Test
    void everyShippedLineIsTakenWithJacksonsValues() throws Exception {
        List<String> lines = shippedLines();
        assertThat(lines).hasSizeGreaterThan(1000);
        for (String line : lines) {
            QaInstance expected = ScoringRecordParser.parse(line);
            assertThat(expected).as(line).isNotNull();
            assertThat(scan(line)).as(line).isEqualTo(expected);
        }
    }

    @Test
    void escapesAreDecodedAsJacksonDecodesThem() {
        String line = xquadLine(0)
                .replace("\"question\":\"", "\"question\":\"say \\\"hi\\\" \\u00e9\\ud83d\\ude00 \\/\\b\\f\\n\\r\\t ")
                .replace("\"title\":\"", "\"title\":\"\\\\ \\u0041");
        assertThat(line).contains("\\\"hi\\\"", "\\ud83d", "\\u0041");
        QaInstance expected = ScoringRecordParser.parse(line);
        assertThat(expected.question()).startsWith("say \"hi\" é\uD83D\uDE00 /\b\f\n\r\t ");
        assertThat(expected.candidates().get(0).title()).startsWith("\\ A");
        assertThat(scan(line)).isEqualTo(expected);
    }

    // issue 45: half a surrogate pair (a lone high one, a lone low one, a high one before a non-surrogate escape) is not
    // text: both fast paths leave the line to the full parser, which names it
    @Test
    void halfASurrogatePairIsLeftToTheFullParser() {
        for (String half : List.of("\\ud800", "\\udc00", "\\ud800\\u0041", "\\ude00\\ud83d")) {
            String line = xquadLine(0).replace("\"question\":\"", "\"question\":\"x " + half);
            assertThat(ScoringRecordParser.parse(line)).as(line).isNull();
            assertThat(scan(line)).as(line).isNull();
            String inSentence = xquadLine(0).replace("\"sentences\":[\"", "\"sentences\":[\"x " + half);
            assertThat(inSentence).isNotEqualTo(xquadLine(0));
            assertThat(ScoringRecordParser.parse(inSentence)).as(inSentence).isNull();
            assertThat(scan(inSentence)).as(inSentence).isNull();
        }
    }

    @Test
    void linesOfOtherValidFormsAreReadAsJacksonReadsThemOrLeftToIt() {
        String base = xquadLine(0);
        List<String> variants = List.of(
                base.replace(",\"candidates\":", " ,\t\"candidates\" :\r "), // whitespace between tokens
                base.replace("\"status\":", "\"extra\":[1,-2.5e+3,0.0,{\"a\":null,\"b\":[true,false]}],\"status\":"), // unknown member
                base.replace("\"difficulty\":null", "\"difficulty\":\"hard\""),
                base.replace("\"sentence_id\":0", "\"sentence_id\":2147483647"),
                base.replace("\"role\":\"answer\"", "\"role\":null"),
                base.replace("\"source_sentences\":null", "\"source_sentences\":[\"a\",\"\"]"),
                base.replace("\"provenance\":{", "\"provenance\":{\"nested\":{\"x\":{\"y\":[[]]}},"),
                "  " + base + " \t");
        for (String line : variants) {
            assertThat(line).isNotEqualTo(base);
            QaInstance expected = ScoringRecordParser.parse(line);
            assertThat(expected).as(line).isNotNull();
            assertThat(scan(line)).as(line).isEqualTo(expected);
        }
    }

    @Test
    void linesJacksonTurnsDownAreTurnedDown() {
        String base = xquadLine(0);
        List<String> bad = List.of(
                base.replace("\"status\":", "\"answer\":\"x\",\"status\":"), // a repeated member
                base.replace("\"provenance\":{", "\"provenance\":{\"seed\":1,"), // repeated in a nested object
                base.replace("\"sentence_id\":0", "\"sentence_id\":00"), // a leading zero
                base.replace("\"sentence_id\":0", "\"sentence_id\":0.0"), // not an int
                base.replace("\"sentence_id\":0", "\"sentence_id\":2147483648"), // past an int
                base.replace("\"question\":\"", "\"question\":\"\t"), // an unescaped control character
                base.replace("\"sentences\":[\"", "\"sentences\":[\"\\x"), // no such escape
                base.replace("\"sentences\":[\"", "\"sentences\":[\"\\u12G4"), // not hex
                base.replace("\"status\":\"accepted\"", "\"status\":\"maybe\""), // not a status
                base.replace("\"answer_language\":\"ar\",", ""), // a required member missing
                base.replace("\"provenance\":{", "\"provenance\":[{").replace("}}", "}]}"), // provenance not an object
                base.replace("\"seed\":20261201", "\"seed\":+1"),
                base.replace("\"seed\":20261201", "\"seed\":1.e3"),
                base.replace("\"seed\":20261201", "\"seed\":nul"),
                base.replace("\"seed\":20261201", "\"seed\":truex"),
                base.replace("\"candidates\":[{", "\"candidates\":[{,"),
                base.replace("}]", "},]"), // a trailing comma
                base + " x",
                base + base,
                base.substring(0, base.length() - 1));
        for (String line : bad) {
            assertThat(line).isNotEqualTo(base);
            assertThat(ScoringRecordParser.parse(line)).as(line).isNull();
            assertThat(scan(line)).as(line).isNull();
        }
    }

    @Test
    void bytesThatAreNotStrictUtf8AreTurnedDown() {
        byte[] line = xquadLine(0).getBytes(StandardCharsets.UTF_8);
        int at = indexOf(line, "\"question\":\"".getBytes(StandardCharsets.UTF_8)) + 12;
        byte[][] faults = {
            {(byte) 0xFF}, {(byte) 0x80}, {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xC1, (byte) 0xBF}, // stray and overlong
            {(byte) 0xE0, (byte) 0x80, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // overlong, a surrogate
            {(byte) 0xF0, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // past U+10FFFF
            {(byte) 0xF5, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xE2, (byte) 0x82}, {(byte) 0xD8}};
        for (byte[] fault : faults) {
            byte[] bad = new byte[line.length + fault.length];
            System.arraycopy(line, 0, bad, 0, at);
            System.arraycopy(fault, 0, bad, at, fault.length);
            System.arraycopy(line, at, bad, at + fault.length, line.length - at);
            assertThat(strict(bad)).isNull();
            assertThat(ScoringRecordScanner.parse(bad, 0, bad.length)).isNull();
        }
    }

    /*
     * 30,000 mutants of shipped lines (a byte replaced by one of JSON's or UTF-8's interesting bytes, deleted, inserted or a
     * span repeated; seeded): whatever the scanner accepts, the Jackson path accepts with the same values.
     */
    @Test
    void mutantsAreReadAsJacksonReadsThemOrLeftToIt() throws Exception {
        List<String> lines = shippedLines();
        byte[] interesting = {'"', '\\', '{', '}', '[', ']', ',', ':', ' ', '\t', 0, 0x1F, 0x7F, (byte) 0x80, (byte) 0xBF, (byte) 0xC0,
            (byte) 0xC2, (byte) 0xE0, (byte) 0xED, (byte) 0xEF, (byte) 0xF0, (byte) 0xF4, (byte) 0xF5, (byte) 0xFF, '0', '1', '-', '+', 'e',
            '.', 'n', 'u', 't', 'a'};
        Random random = new Random(27);
        int accepted = 0;
        int turnedDown = 0;
        for (int m = 0; m < 30_000; m++) {
            byte[] line = lines.get(random.nextInt(lines.size())).getBytes(StandardCharsets.UTF_8);
            byte[] mutant = mutate(line, random, interesting);
            String text = strict(mutant);
            QaInstance expected = text == null || text.isBlank() ? null : ScoringRecordParser.parse(text);
            QaInstance actual = ScoringRecordScanner.parse(mutant, 0, mutant.length);
            if (actual != null) {
                accepted++;
                assertThat(actual).as(new String(mutant, StandardCharsets.UTF_8)).isEqualTo(expected);
            } else if (expected == null) {
                turnedDown++;
            }
        }
        // not vacuous: many mutants (a changed sentence text) are still valid, many are not
        assertThat(accepted).isGreaterThan(3_000);
        assertThat(turnedDown).isGreaterThan(3_000);
    }

    private static byte[] mutate(byte[] line, Random random, byte[] interesting) {
        int at = random.nextInt(line.length);
        byte value = random.nextBoolean() ? interesting[random.nextInt(interesting.length)] : (byte) random.nextInt(256);
        return switch (random.nextInt(4)) {
            case 0 -> {
                byte[] out = line.clone();
                out[at] = value;
                yield out;
            }
            case 1 -> {
                byte[] out = new byte[line.length - 1];
                System.arraycopy(line, 0, out, 0, at);
                System.arraycopy(line, at + 1, out, at, line.length - at - 1);
                yield out;
            }
            case 2 -> {
                byte[] out = new byte[line.length + 1];
                System.arraycopy(line, 0, out, 0, at);
                out[at] = value;
                System.arraycopy(line, at, out, at + 1, line.length - at);
                yield out;
            }
            default -> {
                int length = Math.min(1 + random.nextInt(40), line.length - at);
                byte[] out = new byte[line.length + length];
                System.arraycopy(line, 0, out, 0, at + length);
                System.arraycopy(line, at, out, at + length, line.length - at);
                yield out;
            }
        };
    }

    private static QaInstance scan(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
        return ScoringRecordScanner.parse(bytes, 0, bytes.length);
    }

    // the line as the strict decoder decodes it, or null when it is not UTF-8
    static String strict(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static int indexOf(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int k = 0; k < needle.length; k++) {
                if (haystack[i + k] != needle[k]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static String xquadLine(int index) {
        try {
            return shippedLines().get(index);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<String> cached;

    private static synchronized List<String> shippedLines() throws Exception {
        if (cached == null) {
            List<String> lines = new ArrayList<>();
            try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(XQUAD_MIX)),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    lines.add(line);
                }
            }
            lines.addAll(Files.readAllLines(XH_LANG));
            cached = List.copyOf(lines);
        }
        return cached;
    }
}
