package io.clirbench.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.JsonNode;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.format.trec.TrecRunWriter;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.run.RandomRun;
import io.clirbench.core.run.RankedList;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A retriever kind the CLI has no grammar for ({@code random(SEED)}, registered only in the gateway, as in the gateway's
 * RetrieverPlugInTest) goes through {@code bench run}, {@code bench report} and {@code bench repro}: the follower draws
 * it, the download names its TREC run {@code runs/random_7_.trec}, repro checks its values. The gateway is
 * {@link PlugInGateway} (its HTTP API with the kind registered; lists from bench-core's seeded random baseline, reports
 * from the eval-service's bench-core evaluation) on the shipped xquad-clir.
 */
class PlugInKindCommandsTest {

    private static final Path DATASET = Path.of(System.getProperty("project.root", "..")).resolve("datasets/xquad-clir")
            .toAbsolutePath().normalize();

    private static PlugInGateway gateway;

    @TempDir
    Path temp;

    @BeforeAll
    static void start() throws Exception {
        gateway = new PlugInGateway();
    }

    @AfterAll
    static void stop() {
        gateway.close();
    }

    @Test
    void benchRunFollowsAPlugInKindAndBenchReportDownloadsItsRun() throws Exception {
        BenchRun run = BenchRun.of("run", "--gateway", gateway.url(), "--token", "t", "--dataset", DATASET.toString(),
                "--retriever", "random(7)", "--retriever", "random(11)", "--bootstrap", "0");
        assertThat(run.code()).as(run.err()).isZero();
        // the follower's line names the plug-in retrievers and their counts (before, parsing random(7) failed here)
        assertThat(run.err()).contains("random(7) published 600 / 1200 queries", "random(11) published");
        assertThat(run.out()).contains("random(7)", "random(11)", "report: " + gateway.url() + "/runs/");
        Matcher id = Pattern.compile("/runs/(run-\\d+)").matcher(run.out());
        assertThat(id.find()).isTrue();

        Path out = temp.resolve("results");
        BenchRun report = BenchRun.of("report", id.group(1), "--gateway", gateway.url(), "--token", "t", "--out", out.toString());
        assertThat(report.code()).as(report.err()).isZero();
        assertThat(out.resolve("runs/random_7_.trec")).isRegularFile();
        assertThat(out.resolve("runs/random_11_.trec")).isRegularFile();
        assertThat(out.resolve("report.md")).content().contains("random(7)");
        // the downloaded run is the seeded baseline's lists for seed 7, tagged with the id as the gateway wrote it
        Dataset dataset = DatasetReader.read(DATASET);
        List<RankedList> seven = new ArrayList<>();
        RandomRun.generate(dataset, 1000, 7, seven::add);
        assertThat(Files.readString(out.resolve("runs/random_7_.trec"))).isEqualTo(TrecRunWriter.toText(seven, "random(7)"));
        // the exports, rebuilt from report.json and the TREC runs: every format by default
        for (String name : List.of("export/trec_eval/random_7_.txt", "export/mteb/random_11_.json", "export/tables.tex",
                "export/ranx/random_7_.run.json", "export/ranx/random_11_.run.json")) {
            assertThat(out.resolve(name)).as(name).isRegularFile();
        }
        assertThat(out.resolve("export/ranx/qrels.json")).as("the gateway serves no qrels").doesNotExist();
        // the ranx run holds each line of the TREC run (qid Q0 doc rank score tag) as qid -> doc -> score
        JsonNode ranx = new ObjectMapper().readTree(out.resolve("export/ranx/random_7_.run.json").toFile());
        List<String> lines = Files.readAllLines(out.resolve("runs/random_7_.trec"));
        int documents = 0;
        for (JsonNode query : ranx) {
            documents += query.size();
        }
        assertThat(documents).isEqualTo(lines.size());
        for (String line : lines.subList(0, 50)) {
            String[] f = line.split(" ");
            assertThat(ranx.get(f[0]).get(f[2]).asDouble()).as(line).isEqualTo(Double.parseDouble(f[4]));
        }
        assertThat(Files.readString(out.resolve("export/trec_eval/random_7_.txt"))).containsPattern("(?m)^recall_1000 +\\tall\\t0\\.\\d{4}$");

        Path only = temp.resolve("latex-only");
        BenchRun latex = BenchRun.of("report", id.group(1), "--gateway", gateway.url(), "--token", "t", "--out", only.toString(),
                "--format", "latex");
        assertThat(latex.code()).as(latex.err()).isZero();
        assertThat(only.resolve("export/tables.tex")).content().contains("random(7)", "\\toprule");
        assertThat(only.resolve("export/trec_eval")).doesNotExist();
        BenchRun unknown = BenchRun.of("report", id.group(1), "--gateway", gateway.url(), "--token", "t", "--out",
                temp.resolve("none").toString(), "--format", "csv");
        assertThat(unknown.code()).isNotZero();
        assertThat(unknown.err()).contains("unknown export format 'csv'; valid formats: mteb, ranx, trec-eval, latex");
        assertThat(temp.resolve("none")).doesNotExist();
    }

    @Test
    void benchReproChecksAPlugInKindsValuesThroughTheGateway() throws Exception {
        // The chance floor of xquad-clir (repro/xquad-clir-random.yaml derives these from probability: N = 2,880
        // documents, 1,200 queries, 12 gold each, depth 1000; tolerance 4 standard errors), which any seeded uniformly
        // random ranking of the corpus meets, the plug-in's random(7) included.
        Path file = temp.resolve("plugin.yaml");
        Files.writeString(file, """
                name: a plug-in kind through the gateway (chance floor, expected values from probability)
                dataset: %s
                stack:
                  retrievers: [random(7)]
                depth: 1000
                bootstrap: 0
                expected:
                  - {run: random(7), metric: R@10_same, section: 2, value: 0.003472, tolerance: 0.0068, source: "probability 10/2880"}
                  - {run: random(7), metric: R@10_cross, section: 2, value: 0.003472, tolerance: 0.0020, source: "probability 10/2880"}
                  - {run: random(7), metric: R@1000, section: 1, value: 0.3472, tolerance: 0.0158, source: "probability 1000/2880"}
                  - {run: random(7), metric: P@10, section: 1, value: 0.004167, tolerance: 0.0023, source: "probability 12/2880"}
                """.formatted(DATASET));
        BenchRun repro = BenchRun.of("repro", file.toString(), "--gateway", gateway.url(), "--token", "t");
        assertThat(repro.code()).as(repro.out() + repro.err()).isZero();
        assertThat(repro.out()).contains("OK   random(7)", "R@10_same", "P@10", "all values OK").doesNotContain("FAIL");

        // and a value outside its tolerance fails: the values are read, not assumed
        Files.writeString(file, Files.readString(file).replace("value: 0.004167", "value: 0.5"));
        BenchRun wrong = BenchRun.of("repro", file.toString(), "--gateway", gateway.url(), "--token", "t");
        assertThat(wrong.code()).isEqualTo(1);
        assertThat(wrong.out()).contains("FAIL random(7)", "1 value(s) FAIL");
    }

    @Test
    void anIdTheGatewaysGrammarRefusesIsItsErrorNamingTheValue() {
        BenchRun run = BenchRun.of("run", "--gateway", gateway.url(), "--token", "t", "--dataset", DATASET.toString(),
                "--retriever", "random(x)", "--bootstrap", "0");
        assertThat(run.code()).isNotZero();
        assertThat(run.err()).contains("random(x)", "seed 'x' is not an integer", "random(SEED) | bm25");
    }
}
