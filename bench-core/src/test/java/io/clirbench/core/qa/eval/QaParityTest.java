package io.clirbench.core.qa.eval;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.qa.format.PredictionReader;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.format.QaJson;
import io.clirbench.core.qa.importer.HotpotImporter;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.report.QaJsonReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Parity with the peers' own stored outputs in {@code ../shared/data/qa-parity} (METRICS.md §4): every mean
 * and every per-example value within 1e-12, every key of the XHotpotQA report present with the same value.
 * The expected values are the outputs of {@code hotpot_evaluate_v1.py} and of the XHotpotQA evaluator
 * (v0.4.0), never of this code.
 */
class QaParityTest {

    private static final Path PARITY = Path.of(System.getProperty("shared.data")).resolve("qa-parity");
    private static final double TOLERANCE = 1e-12;

    @ParameterizedTest(name = "{0} / {1}")
    @CsvSource({
        "xh-lang, legacy_hotpot, gold.jsonl, pred.jsonl, expected-legacy_hotpot.json, expected-per-example-legacy_hotpot.jsonl",
        "xh-lang, unicode_script_aware, gold.jsonl, pred.jsonl, expected-unicode_script_aware.json, expected-per-example-unicode_script_aware.jsonl",
        "hp-basic, legacy_hotpot, canonical-gold.jsonl, canonical-pred.jsonl, expected-xh-legacy_hotpot.json, expected-xh-per-example-legacy_hotpot.jsonl",
        "hp-basic, unicode_script_aware, canonical-gold.jsonl, canonical-pred.jsonl, expected-xh-unicode_script_aware.json, expected-xh-per-example-unicode_script_aware.jsonl",
    })
    void theXhotpotqaReportAndEveryExampleMatchThePeerOutputs(String dir, String protocol, String gold, String pred,
                                                              String expected, String perExample) throws IOException {
        Path base = PARITY.resolve(dir);
        QaResult result = evaluate(QaDatasetReader.readInstances(base.resolve(gold)), base.resolve(pred), Protocol.parse(protocol));

        List<String> lines = Files.readAllLines(base.resolve(perExample));
        assertThat(result.examples()).hasSameSizeAs(lines);
        for (int i = 0; i < lines.size(); i++) {
            assertSame(QaJson.MAPPER.readTree(lines.get(i)), QaJson.MAPPER.valueToTree(QaJsonReport.example(result.examples().get(i), result.measures())),
                    "example " + i);
        }

        JsonNode want = QaJson.MAPPER.readTree(base.resolve(expected).toFile());
        JsonNode got = QaJson.MAPPER.valueToTree(QaJsonReport.xhotpot(result));
        assertSame(want, got, "report");
    }

    @Test
    void theHotpotProtocolMatchesTheOfficialScriptInTheMeansAndPerExample() throws IOException {
        Path base = PARITY.resolve("hp-basic");
        List<QaInstance> gold = HotpotImporter.read(base.resolve("gold.json"), "en", "validation");
        QaResult result = evaluate(gold, base.resolve("pred.json"), Protocol.HOTPOT);

        JsonNode official = QaJson.MAPPER.readTree(base.resolve("expected-official.json").toFile());
        assertSame(official.get("metrics"), QaJson.MAPPER.valueToTree(QaJsonReport.hotpotMetrics(result.overall(), result.measures())), "means");
        JsonNode perExample = QaJson.MAPPER.readTree(base.resolve("expected-official-per-example.json").toFile());
        assertThat(result.examples()).hasSize(perExample.size());
        for (ExampleRecord e : result.examples()) {
            assertSame(perExample.get(e.id()), QaJson.MAPPER.valueToTree(QaJsonReport.hotpotExample(e, result.measures())), e.id());
        }
    }

    private static QaResult evaluate(List<QaInstance> gold, Path pred, Protocol protocol) {
        QaEvaluator evaluator = new QaEvaluator(protocol, PredictionReader.read(pred).byId());
        gold.forEach(evaluator::accept);
        return evaluator.finish();
    }

    /** Same keys (order aside) and values; numbers within 1e-12. */
    static void assertSame(JsonNode want, JsonNode got, String path) {
        assertThat(got).as(path + " present").isNotNull();
        if (want.isNumber()) {
            assertThat(got.isNumber()).as(path + " is a number: " + got).isTrue();
            assertThat(got.doubleValue()).as(path).isCloseTo(want.doubleValue(), org.assertj.core.data.Offset.offset(TOLERANCE));
        } else if (want.isObject()) {
            List<String> wantKeys = new ArrayList<>();
            want.fieldNames().forEachRemaining(wantKeys::add);
            List<String> gotKeys = new ArrayList<>();
            got.fieldNames().forEachRemaining(gotKeys::add);
            assertThat(gotKeys).as(path + " keys").containsExactlyInAnyOrderElementsOf(wantKeys);
            for (Iterator<Map.Entry<String, JsonNode>> it = want.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                assertSame(e.getValue(), got.get(e.getKey()), path + "." + e.getKey());
            }
        } else if (want.isArray()) {
            assertThat(got.size()).as(path + " size").isEqualTo(want.size());
            for (int i = 0; i < want.size(); i++) {
                assertSame(want.get(i), got.get(i), path + "[" + i + "]");
            }
        } else {
            assertThat(got).as(path).isEqualTo(want);
        }
    }
}
