package io.clirbench.cli.construct;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchRun;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import org.junit.jupiter.api.io.TempDir;

/**
 * A ChemCLIR-size QAC build (issue 43): a generated corpus of 23,787 documents, {@code --max-sources 524} with the
 * paper's mix (the defaults), five target languages, against a local chat-completions server, three candidates each.
 * The first 10,000 families cycle through {en, fr}, {de, fr}, {en, de, fr}, except every tenth, {en} alone: 9,000
 * multilingual families, 22,000 documents; 1,787 more one-language families of one document fill the corpus (11,787
 * families; the one-language ones are left out by {@code --min-languages 2}). Runs only with
 * {@code CLIRBENCH_QAC_SCALE=1} (minutes); prints wall time, calls and tokens for the note. The end-to-end version
 * (a five-language corpus, the build as its own process, then {@code bench run} on the stack) is
 * {@code runs/chemclir-qac-scale/run.sh} with {@link QacScaleHarness}, which reuses {@link #script} for the verifier.
 */
@EnabledIfEnvironmentVariable(named = "CLIRBENCH_QAC_SCALE", matches = "1")
class BuildQacScaleTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<List<String>> CYCLE = List.of(List.of("en", "fr"), List.of("de", "fr"), List.of("en", "de", "fr"));

    @TempDir
    Path dir;

    /** Family f (0-based): every tenth {en} alone, the others cycle through CYCLE. */
    static List<String> languages(int f) {
        return f % 10 == 9 ? List.of("en") : CYCLE.get(f % 3);
    }

    static int corpusSize() {
        return 23_787;
    }

    static Reply script(JsonNode request) {
        String system = ChatCompletionsServer.message(request, "system");
        int prompt = request.path("messages").toString().length() / 4;
        if (system.startsWith("You verify the")) {
            boolean faith = system.startsWith("You verify the faithfulness");
            List<String> fields = faith ? List.of("faith_grounding", "faith_precision", "faith_numerical_fidelity")
                    : system.contains("technical mode")
                    ? List.of("qual_search_bar_realism", "qual_specificity", "qual_phrasing_economy", "qual_focus", "qual_linguistic_quality")
                    : List.of("qual_search_realism", "qual_lexical_distance", "qual_conceptual_framing", "qual_retrievability",
                            "qual_linguistic_quality");
            var o = JSON.createObjectNode();
            var list = o.putArray("candidates");
            for (int c = 1; c <= 3; c++) {
                var e = list.addObject().put("candidate", c);
                for (String f : fields) {
                    e.put(f, c == 2 ? 5 : 4);
                }
                if (!faith) {
                    e.put("qual_failure_type", "none");
                }
            }
            return Reply.ok(o.toString(), prompt, o.toString().length() / 4);
        }
        boolean technical = !system.contains("\"framing\"");
        var o = JSON.createObjectNode();
        var list = o.putArray("candidates");
        for (int i = 1; i <= 3; i++) {
            list.addObject().put("question", "Which catalyst temperature is claimed, variant " + i + "?").put("answer", "450 K")
                    .put(technical ? "type" : "framing", technical ? "parameter_or_condition" : "solution");
        }
        return Reply.ok(o.toString(), prompt, o.toString().length() / 4);
    }

    @Test
    void fiveHundredTwentyFourSourcesOverA23787DocumentCorpus() throws Exception {
        StringBuilder sb = new StringBuilder();
        int docs = 0;
        int families = 0;
        String text = " The sealing compound contains glucose syrup, alumina and graphite; it cures at 120 °C within 30 minutes "
                + "and withstands 8 bar in engine parts, flanges and pipes.";
        for (int f = 0; docs < corpusSize(); f++) {
            List<String> langs = f < 10_000 ? languages(f) : List.of("en");
            for (String l : langs) {
                if (docs == corpusSize()) {
                    break;
                }
                String id = String.format("EP-%07d-A1_%s", f, l);
                sb.append(JSON.createObjectNode().put("_id", id).put("text", "Patent " + id + "." + text).put("lang", l)
                        .put("family", String.format("EP-%07d-A1", f))).append('\n');
                docs++;
            }
            families++;
        }
        Path corpus = dir.resolve("corpus.jsonl");
        Files.writeString(corpus, sb.toString());
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body))) {
            Path models = dir.resolve("models.json");
            Files.writeString(models, "{\"generator\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"gen\"},"
                    + " \"verifier\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"ver\"}}");
            Path out = dir.resolve("out");
            long start = System.nanoTime();
            BenchRun run = BenchRun.of("build", "qac", "--corpus", corpus.toString(), "--languages", "en,de,fr,es,zh", "--max-sources", "524",
                    "--models", models.toString(), "--concurrency", "8", "--out", out.toString());
            double wall = (System.nanoTime() - start) / 1e9;
            assertThat(run.code()).as(run.err()).isZero();
            JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
            System.out.printf("QAC scale: %d docs, %d families, wall %.1f s, %d requests, report %s%n", docs, families, wall,
                    server.requests(), report.get("usage"));
            System.out.println(report.get("selection") + " " + report.get("counts") + " " + report.get("dataset_statistics"));
            // 524 sources over 8 cells (4 setups x 2 modes), the fewest questions first, an 'all' source asking 5: per mode
            // 82 random-any, 82 random-missing, 81 random-existing (one question each) and 17 all (85 questions); so
            // 2 x (82 + 82 + 81 + 85) = 660 questions (the same counts from an independent re-implementation of the rule in Python)
            assertThat(report.at("/selection/selected_sources").asInt()).isEqualTo(524);
            assertThat(report.at("/selection/sources_per_setup_and_mode").toString()).isEqualTo("{\"all/general\":17,\"all/technical\":17,"
                    + "\"random-any/general\":82,\"random-any/technical\":82,\"random-existing/general\":81,\"random-existing/technical\":81,"
                    + "\"random-missing/general\":82,\"random-missing/technical\":82}");
            assertThat(report.at("/counts/items").asInt()).isEqualTo(660);
            assertThat(server.requests()).isEqualTo(3 * 660);
            assertThat(report.at("/dataset_statistics/corpus_docs").asInt()).isEqualTo(23_787);
            assertThat(report.at("/selection/pool").asInt()).isEqualTo(9_000);
            assertThat(report.at("/counts/skipped_sources").asInt()).isEqualTo(1_000 + 1_787);
        }
    }
}
