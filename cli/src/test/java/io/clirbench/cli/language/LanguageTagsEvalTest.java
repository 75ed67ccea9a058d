package io.clirbench.cli.language;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bench eval} on a dataset whose {@code lang} fields are BCP-47 tags and ISO 639-3 codes (issue 41's done-when:
 * {@code pt-BR}, {@code pt}, {@code zh-Hans}, {@code zh-Hant}, {@code fas}, {@code sr-Latn}). The dataset is
 * {@code language/tags-dataset} (no family expansion: the gold is the qrels) and the run {@code language/tags.trec}.
 * Same/cross follows ARCHITECTURE.md "Language tags": identity = (language, script), the script from likely subtags.
 *
 * <pre>
 * query lang      identity  gold (doc lang -> identity)              rank  S/X
 * q1    pt-BR     pt        d-pt   pt-PT   -> pt                      3    S
 *                           d-fa   fas     -> fa                      1    X
 * q2    pt        pt        d-ptbr pt_BR   -> pt                      2    S
 * q3    zh-Hans   zh        d-cn   zh-CN   -> zh (Hans likely)        1    S
 *                           d-hant zh-Hant -> zh-Hant                 5    X
 * q4    zh-Hant   zh-Hant   d-tw   zh-TW   -> zh-Hant (Hant likely)   4    S
 *                           d-hans zh-Hans -> zh                      -    X (not in the top 10)
 * q5    fas       fa        d-fa2  fa-IR   -> fa                      2    S
 *                           d-srl  sr-Latn -> sr-Latn                 6    X
 * q6    sr-Latn   sr-Latn   d-src  sr-Cyrl -> sr (Cyrl likely)        7    X (no-home)
 * q7    zh        zh        d-hans zh-Hans -> zh                      1    S
 * </pre>
 * Comparing the tags as written would make every one of these S a X (pt-PT ≠ pt-BR, zh-CN ≠ zh-Hans, ...).
 */
class LanguageTagsEvalTest {

    @TempDir
    Path dir;

    @Test
    void aTaggedDatasetLoadsEvaluatesAndSplitsSameAndCrossByLanguageAndScript() throws Exception {
        Path out = dir.resolve("out");
        Result result = bench("eval", "--dataset", resource("tags-dataset").toString(), "--run", resource("tags.trec").toString(),
                "--depth", "10", "--out", out.toString(), "--slice", "lang", "--format", "latex");
        assertThat(result.exitCode).as(result.err).isZero();
        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        // dataset.json lists fas and pt_BR: canonical fa and pt-BR, as the data's own tags
        assertThat(strings(report.at("/dataset/languages"))).containsExactly("en", "fa", "fa-IR", "pt", "pt-BR", "pt-PT",
                "sr-Cyrl", "sr-Latn", "zh", "zh-CN", "zh-Hans", "zh-Hant", "zh-TW");
        JsonNode language = report.at("/runs/0/language");
        // Dom_S = q1 q2 q3 q4 q5 q7; Dom_X = q1 q3 q4 q5 q6; dual gold = q1 q3 q4 q5; no-home = q6
        assertThat(language.get("queries").asInt()).isEqualTo(7);
        assertThat(language.get("domSame").asInt()).isEqualTo(6);
        assertThat(language.get("domCross").asInt()).isEqualTo(5);
        assertThat(language.get("dualGold").asInt()).isEqualTo(4);
        assertThat(language.get("noHome").asInt()).isEqualTo(1);

        // per-language rows are printed as the shortest tag keeping the identity
        // R@10 per query: q1 1, q2 1, q3 1, q4 1/2, q5 1, q6 1, q7 1 -> pt 1 (2), zh 1 (2), zh-Hant 0.5, fa 1, sr-Latn 1
        assertThat(byLanguage(language, "R@10")).containsExactly(Map.entry("fa", "1.0/1"), Map.entry("pt", "1.0/2"),
                Map.entry("sr-Latn", "1.0/1"), Map.entry("zh", "1.0/2"), Map.entry("zh-Hant", "0.5/1"));
        // balanced (1 + 1 + 1 + 1 + 0.5) / 5 = 0.9; pooled 6.5 / 7
        assertThat(language.at("/recall/R@10/balanced").asDouble()).isCloseTo(0.9, within(1e-12));
        assertThat(language.at("/recall/R@10/pooled").asDouble()).isCloseTo(6.5 / 7, within(1e-12));
        // R@1_same: q1 0 (d-pt at 3), q2 0, q3 1, q4 0, q5 0, q7 1 -> pt 0 (2), zh 1 (2), zh-Hant 0, fa 0; no sr-Latn row
        assertThat(byLanguage(language, "R@1_same")).containsExactly(Map.entry("fa", "0.0/1"), Map.entry("pt", "0.0/2"),
                Map.entry("zh", "1.0/2"), Map.entry("zh-Hant", "0.0/1"));
        assertThat(language.at("/recall/R@1_same/balanced").asDouble()).isCloseTo(0.25, within(1e-12));
        assertThat(language.at("/recall/R@1_same/pooled").asDouble()).isCloseTo(2.0 / 6, within(1e-12));
        // R@1_cross: q1 1 (d-fa at 1), q3 0, q4 0, q5 0, q6 0 -> balanced 1/5, pooled 1/5
        assertThat(byLanguage(language, "R@1_cross")).containsExactly(Map.entry("fa", "0.0/1"), Map.entry("pt", "1.0/1"),
                Map.entry("sr-Latn", "0.0/1"), Map.entry("zh", "0.0/1"), Map.entry("zh-Hant", "0.0/1"));
        assertThat(language.at("/recall/R@1_cross/balanced").asDouble()).isCloseTo(0.2, within(1e-12));
        // R@10_cross: q4's zh gold is not in the top 10 -> zh-Hant 0, the others 1: balanced 4/5
        assertThat(language.at("/recall/R@10_cross/balanced").asDouble()).isCloseTo(0.8, within(1e-12));

        // route grid at 10, (query identity -> document identity): pairs/hits from the table above
        assertThat(routes(language, 10)).containsExactly(
                Map.entry("fa->fa", "1/1"), Map.entry("fa->sr-Latn", "1/1"), Map.entry("pt->fa", "1/1"),
                Map.entry("pt->pt", "2/2"), Map.entry("sr-Latn->sr", "1/1"), Map.entry("zh->zh", "2/2"),
                Map.entry("zh->zh-Hant", "1/1"), Map.entry("zh-Hant->zh", "0/1"), Map.entry("zh-Hant->zh-Hant", "1/1"));
        // hit@10 per query language: same pt 2/2, zh 2/2, zh-Hant 1/1, fa 1/1; cross zh-Hant 0/1, the others 1/1
        assertThat(hits(language, "same")).containsExactly(Map.entry("fa", "1/1"), Map.entry("pt", "2/2"),
                Map.entry("zh", "2/2"), Map.entry("zh-Hant", "1/1"));
        assertThat(hits(language, "cross")).containsExactly(Map.entry("fa", "1/1"), Map.entry("pt", "1/1"),
                Map.entry("sr-Latn", "1/1"), Map.entry("zh", "1/1"), Map.entry("zh-Hant", "0/1"));
        // the lang slice: one slice per identity
        JsonNode slices = report.at("/runs/0/slices/lang");
        assertThat(fieldNames(slices)).containsExactly("fa", "pt", "sr-Latn", "zh", "zh-Hant");
        assertThat(slices.at("/pt/queries").asInt()).isEqualTo(2);
        assertThat(slices.at("/zh/queries").asInt()).isEqualTo(2);
        // the Markdown report's per-language table has the same rows
        String markdown = Files.readString(out.resolve("report.md"));
        assertThat(markdown).contains("| zh-Hant |", "| sr-Latn |", "| pt |", "| fa |", "| zh |");
        assertThat(markdown).doesNotContain("| pt-BR |", "| zh-Hans |");
    }

    @Test
    void aValueIcuCannotParseIsRefusedNamingFileLineAndValue() throws Exception {
        Path dataset = Files.createDirectories(dir.resolve("bad"));
        try (var files = Files.list(resource("tags-dataset"))) {
            for (Path f : files.toList()) {
                Files.copy(f, dataset.resolve(f.getFileName()));
            }
        }
        Path queries = dataset.resolve("queries.jsonl");
        Files.writeString(queries, Files.readString(queries).replace("\"lang\": \"zh-Hans\"", "\"lang\": \"zh_Hans_\""));
        Result result = bench("eval", "--dataset", dataset.toString(), "--run", resource("tags.trec").toString(),
                "--out", dir.resolve("o").toString());
        assertThat(result.exitCode).isNotZero();
        assertThat(result.err).contains("queries.jsonl line 3: language 'zh_Hans_' is not a BCP-47 language tag or ISO 639 code");
        assertThat(dir.resolve("o").resolve("report.json")).doesNotExist();
    }

    private static Map<String, String> byLanguage(JsonNode language, String metric) {
        Map<String, String> out = new TreeMap<>();
        language.at("/recall/" + metric + "/byLanguage").properties()
                .forEach(e -> out.put(e.getKey(), e.getValue().get("mean").asDouble() + "/" + e.getValue().get("queries").asInt()));
        return out;
    }

    private static Map<String, String> routes(JsonNode language, int k) {
        Map<String, String> out = new TreeMap<>();
        for (JsonNode cell : language.get("routes")) {
            if (cell.get("k").asInt() == k) {
                out.put(cell.get("from").asText() + "->" + cell.get("to").asText(), cell.get("hits").asInt() + "/" + cell.get("pairs").asInt());
            }
        }
        return out;
    }

    private static Map<String, String> hits(JsonNode language, String scope) {
        Map<String, String> out = new TreeMap<>();
        for (JsonNode h : language.get("hitRates")) {
            if (h.get("scope").asText().equals(scope)) {
                out.put(h.get("lang").asText(), h.get("hits").asInt() + "/" + h.get("queries").asInt());
            }
        }
        return out;
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<String> fieldNames(JsonNode object) {
        List<String> out = new ArrayList<>();
        object.fieldNames().forEachRemaining(out::add);
        return out;
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(LanguageTagsEvalTest.class.getResource("/language/" + name).toURI());
    }

    private record Result(int exitCode, String out, String err) {
    }

    private static Result bench(String... args) {
        CommandLine commandLine = BenchCommand.commandLine();
        StringWriter err = new StringWriter();
        commandLine.setErr(new PrintWriter(err));
        PrintStream stdout = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            int code = commandLine.execute(args);
            return new Result(code, captured.toString(StandardCharsets.UTF_8), err.toString());
        } finally {
            System.setOut(stdout);
        }
    }
}
