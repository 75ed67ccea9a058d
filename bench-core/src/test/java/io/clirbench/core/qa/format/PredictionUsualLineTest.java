package io.clirbench.core.qa.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.qa.model.FactKey;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The fast path of {@link PredictionReader} for JSON Lines ({@code usual}, from a line's bytes) against its oracle: Jackson's
 * tree of the line decoded as strict UTF-8, read by the rule the method documents (an object with a string {@code id}, a
 * string {@code answer} or none, {@code supporting_facts} null, absent or an array of objects with a string
 * {@code paragraph_id}, an int {@code sentence_id} >= 0 and a string or null {@code role}; other members anything). What
 * the fast path takes must be such a line, with the same values; what it turns down goes to the tree path.
 */
class PredictionUsualLineTest {

    private static final Path PREDICTIONS = Path.of("..", "datasets", "xquad-mix", "predictions");

    @Test
    void everyShippedLineIsTakenWithTheTreesValues() throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(PREDICTIONS.resolve("lexical-overlap.jsonl")));
        lines.addAll(Files.readAllLines(PREDICTIONS.resolve("oracle.jsonl")));
        assertThat(lines).hasSizeGreaterThan(2000);
        for (String line : lines) {
            Expected expected = oracle(line);
            assertThat(expected).as(line).isNotNull();
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            assertThat(same(PredictionReader.usual(bytes, 0, bytes.length), expected)).as(line).isTrue();
        }
    }

    // the peers' xh-lang predictions, some of them odd on purpose (a number for an answer, a missing member)
    @Test
    void theParityPredictionsAreTakenExactlyWhenOfTheUsualShape() throws Exception {
        int odd = 0;
        for (String line : Files.readAllLines(Path.of(System.getProperty("shared.data")).resolve("qa-parity/xh-lang/pred.jsonl"))) {
            Expected expected = oracle(line);
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            PredictionReader.Usual usual = PredictionReader.usual(bytes, 0, bytes.length);
            if (expected == null) {
                odd++;
                assertThat(usual).as(line).isNull();
            } else {
                assertThat(same(usual, expected)).as(line).isTrue();
            }
        }
        assertThat(odd).isPositive();
    }

    @Test
    void otherFormsAreReadAsTheTreeReadsThemOrLeftToIt() {
        List<String> lines = List.of(
                "{\"id\":\"a\",\"answer\":\"say \\\"hi\\\" \\u00e9\",\"supporting_facts\":[{\"paragraph_id\":\"p1\",\"sentence_id\":3,\"role\":null}]}",
                "{\"supporting_facts\":null,\"id\":\"b\"}",
                "{\"id\":\"c\",\"answer\":\"\",\"score\":[0.5,{\"x\":true}],\"supporting_facts\":[]}",
                " {\"id\" : \"d\" ,\t\"answer\":\"x\"} ");
        for (String line : lines) {
            Expected expected = oracle(line);
            assertThat(expected).as(line).isNotNull();
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            assertThat(same(PredictionReader.usual(bytes, 0, bytes.length), expected)).as(line).isTrue();
        }
        List<String> turnedDown = List.of(
                "{\"id\":\"a\",\"id\":\"b\"}", // repeated member
                "{\"id\":\"a\",\"answer\":null}", // the tree path makes it "None"
                "{\"id\":\"a\",\"answer\":1996}",
                "{\"id\":\"a\",\"supporting_facts\":[{\"paragraph_id\":\"p\",\"sentence_id\":1.0}]}",
                "{\"id\":\"a\",\"supporting_facts\":[{\"paragraph_id\":\"p\",\"sentence_id\":-1}]}",
                "{\"id\":\"a\",\"supporting_facts\":[[\"p\",1]]}",
                "{\"answer\":\"x\"}",
                "{\"id\":\"a\"} {\"id\":\"b\"}",
                "   ");
        for (String line : turnedDown) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            assertThat(PredictionReader.usual(bytes, 0, bytes.length)).as(line).isNull();
        }
    }

    // 20,000 seeded mutants of the shipped lines: whatever the fast path takes, the tree reads with the same values
    @Test
    void mutantsAreReadAsTheTreeReadsThemOrLeftToIt() throws Exception {
        List<String> lines = shippedLines();
        byte[] interesting = {'"', '\\', '{', '}', '[', ']', ',', ':', ' ', 0, 0x1F, (byte) 0x80, (byte) 0xC0, (byte) 0xE0, (byte) 0xED,
            (byte) 0xF4, (byte) 0xFF, '0', '1', '-', '.', 'e', 'n', 'u'};
        Random random = new Random(2027);
        int taken = 0;
        int left = 0;
        for (int m = 0; m < 20_000; m++) {
            byte[] line = lines.get(random.nextInt(lines.size())).getBytes(StandardCharsets.UTF_8);
            int at = random.nextInt(line.length);
            byte value = random.nextBoolean() ? interesting[random.nextInt(interesting.length)] : (byte) random.nextInt(256);
            byte[] mutant;
            if (random.nextBoolean()) {
                mutant = line.clone();
                mutant[at] = value;
            } else {
                mutant = new byte[line.length + 1];
                System.arraycopy(line, 0, mutant, 0, at);
                mutant[at] = value;
                System.arraycopy(line, at, mutant, at + 1, line.length - at);
            }
            String text = ScoringRecordScannerTest.strict(mutant);
            Expected expected = text == null ? null : oracle(text);
            PredictionReader.Usual usual = PredictionReader.usual(mutant, 0, mutant.length);
            if (usual != null) {
                taken++;
                assertThat(same(usual, expected)).as(new String(mutant, StandardCharsets.UTF_8)).isTrue();
            } else {
                left++;
            }
        }
        assertThat(taken).isGreaterThan(2_000);
        assertThat(left).isGreaterThan(2_000);
    }

    private record Expected(String id, String answer, List<FactKey> facts) {
    }

    private static boolean same(PredictionReader.Usual usual, Expected expected) {
        return usual != null && expected != null && usual.id().equals(expected.id())
                && java.util.Objects.equals(usual.answer(), expected.answer()) && java.util.Objects.equals(usual.facts(), expected.facts());
    }

    // the documented rule, on Jackson's tree (strict duplicate detection); null when the line is not of the usual shape
    private static Expected oracle(String text) {
        JsonNode node;
        try (com.fasterxml.jackson.core.JsonParser p = JsonValues.MAPPER.createParser(text)) {
            node = JsonValues.MAPPER.readTree(p);
            if (p.nextToken() != null) {
                return null;
            }
        } catch (Exception e) {
            return null;
        }
        if (node == null || !node.isObject() || !node.path("id").isTextual()) {
            return null;
        }
        JsonNode answer = node.get("answer");
        if (answer != null && !answer.isTextual()) {
            return null;
        }
        JsonNode facts = node.get("supporting_facts");
        List<FactKey> keys = null;
        if (facts != null && !facts.isNull()) {
            if (!facts.isArray()) {
                return null;
            }
            keys = new ArrayList<>();
            for (JsonNode fact : facts) {
                JsonNode sentence = fact.get("sentence_id");
                JsonNode role = fact.get("role");
                if (!fact.isObject() || !fact.path("paragraph_id").isTextual() || sentence == null || !sentence.isInt()
                        || sentence.intValue() < 0 || (role != null && !role.isTextual() && !role.isNull())) {
                    return null;
                }
                keys.add(new FactKey(fact.get("paragraph_id").textValue(), sentence.intValue()));
            }
        }
        return new Expected(node.get("id").textValue(), answer == null ? null : answer.textValue(), keys);
    }

    private static List<String> shippedLines() throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(PREDICTIONS.resolve("lexical-overlap.jsonl")));
        lines.addAll(Files.readAllLines(PREDICTIONS.resolve("oracle.jsonl")));
        lines.addAll(Files.readAllLines(Path.of(System.getProperty("shared.data")).resolve("qa-parity/xh-lang/pred.jsonl")));
        return lines;
    }
}
