package io.clirbench.core.qa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.format.PredictionReader;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.format.QaJson;
import io.clirbench.core.qa.report.QaReportBundle;
import io.clirbench.core.report.ReportDirectory;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.stats.Stats;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link QaEvaluation} + {@link QaReportBundle#render} give, byte for byte, the files the code before them wrote to
 * disk ({@code QaReportFiles.write} and {@code console}, at commit e70e7ed): the golden files under
 * {@code golden-xh-lang/} are that code's output on the peers' xh-lang case ({@code ../shared/data/qa-parity/xh-lang},
 * gold and pred) plus a second system with every third prediction blanked ({@code blanked.jsonl}), B = 500, seed 7,
 * protocol unicode ({@code GenGolden.java.txt} is the program that wrote them). The report's XHotpotQA keys of the
 * peer's system are also checked against the peer's own stored output.
 */
class QaEvaluationTest {

    private static final String GOLDEN = "golden-xh-lang/";
    private static final Path PARITY = Path.of(System.getProperty("shared.data")).resolve("qa-parity/xh-lang");

    @TempDir
    Path tmp;

    @Test
    void theRenderedFilesEqualWhatTheOldWriteToDiskProduced() throws IOException {
        Map<String, String> files = QaReportBundle.render(evaluate(new Stats(500, 7)));

        assertThat(files.keySet()).containsExactlyElementsOf(ReportFiles.QA);
        for (String name : ReportFiles.QA) {
            assertThat(files.get(name)).as(name).isEqualTo(golden(name + ".gz"));
        }
    }

    @Test
    void writingTheMapGivesTheSameBytesOnDisk() throws IOException {
        Map<String, String> files = QaReportBundle.render(evaluate(new Stats(500, 7)));
        Path out = tmp.resolve("out");

        List<Path> written = ReportDirectory.write(files, out);

        assertThat(written).containsExactlyElementsOf(ReportFiles.QA.stream().map(out::resolve).toList());
        for (String name : ReportFiles.QA) {
            assertThat(Files.readAllBytes(out.resolve(name))).as(name).isEqualTo(golden(name + ".gz").getBytes(StandardCharsets.UTF_8));
        }
        try (var listing = Files.list(out)) {
            assertThat(listing.map(p -> p.getFileName().toString())).as("no partial file left").doesNotContain(".report.json.partial")
                    .hasSize(ReportFiles.QA.size());
        }
    }

    @Test
    void thePeerSystemCarriesThePeersXhotpotqaReport() throws IOException {
        JsonNode report = QaJson.MAPPER.readTree(QaReportBundle.render(evaluate(new Stats(0, 7))).get(ReportFiles.JSON));
        JsonNode peer = QaJson.MAPPER.readTree(PARITY.resolve("expected-unicode_script_aware.json").toFile());

        JsonNode system = report.get("systems").get(0);
        assertThat(system.get("name").asText()).isEqualTo("pred");
        for (Iterator<Map.Entry<String, JsonNode>> it = peer.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            assertClose(e.getValue(), system.get(e.getKey()), e.getKey());
        }
        assertThat(report.get("bootstrap").get("replicates").asInt()).isZero();
        assertThat(system.get("intervals")).as("B = 0: no intervals").isEmpty();
        assertThat(report.get("comparisons")).as("B = 0: no tests").isEmpty();
    }

    @Test
    void twoSystemsWithOneNameAreRefused() {
        Map<String, io.clirbench.core.qa.model.QaPrediction> none = Map.of();
        assertThatThrownBy(() -> QaEvaluation.evaluate(dataset(), Protocol.UNICODE,
                List.of(new QaEvaluation.Input("a", "x", none), new QaEvaluation.Input("a", "y", none)), Stats.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("two QA systems are named 'a'");
    }

    private io.clirbench.core.qa.report.QaRun evaluate(Stats stats) throws IOException {
        Path blanked = tmp.resolve("blanked.jsonl");
        if (!Files.exists(blanked)) {
            Files.copy(resource("blanked.jsonl"), blanked);
        }
        List<QaEvaluation.Input> inputs = List.of(
                new QaEvaluation.Input("pred", "pred.jsonl", PredictionReader.read(PARITY.resolve("pred.jsonl")).byId()),
                new QaEvaluation.Input("blanked", "blanked.jsonl", PredictionReader.read(blanked).byId()));
        return QaEvaluation.evaluate(dataset(), Protocol.UNICODE, inputs, stats);
    }

    /** The peers' gold instances as a dataset directory (dataset.json from the golden folder). */
    private QaDatasetReader dataset() {
        try {
            Path dir = Files.createDirectories(tmp.resolve("dataset"));
            if (!Files.exists(dir.resolve("dataset.json"))) {
                Files.copy(resource("dataset.json"), dir.resolve("dataset.json"));
                Files.copy(PARITY.resolve("gold.jsonl"), dir.resolve("instances.jsonl"));
            }
            return QaDatasetReader.open(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static InputStream resource(String name) {
        InputStream in = QaEvaluationTest.class.getResourceAsStream(GOLDEN + name);
        assertThat(in).as("test resource " + GOLDEN + name).isNotNull();
        return in;
    }

    private static String golden(String name) throws IOException {
        try (InputStream in = new GZIPInputStream(resource(name))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static void assertClose(JsonNode want, JsonNode got, String path) {
        assertThat(got).as(path + " present").isNotNull();
        if (want.isNumber()) {
            assertThat(got.doubleValue()).as(path).isCloseTo(want.doubleValue(), Offset.offset(1e-12));
        } else if (want.isContainerNode()) {
            assertThat(got.size()).as(path + " size").isEqualTo(want.size());
            if (want.isArray()) {
                for (int i = 0; i < want.size(); i++) {
                    assertClose(want.get(i), got.get(i), path + "[" + i + "]");
                }
            } else {
                want.fields().forEachRemaining(e -> assertClose(e.getValue(), got.get(e.getKey()), path + "." + e.getKey()));
            }
        } else {
            assertThat(got).as(path).isEqualTo(want);
        }
    }
}
