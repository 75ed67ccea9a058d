package io.clirbench.cli.construct;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchRun;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench build qac} end to end against a local chat-completions server whose "model" is a script. Corpus: five
 * patent families with ChemCLIR docids ({@code P1_en}, ...): P1 {en, fr}, P2 {en, de}, P3 {de}, P4 {en, de, fr, es},
 * P5 {fr, es}; P3 has one language, so {@code --min-languages 2} (the default) leaves it out. The generator answers
 * three candidates per passage. The verifier is asked twice per question, each time with the three candidates:
 * faithfulness (grounding, precision, numerical fidelity) candidate 1 (5,5,5) = 15, 2 (5,4,5) = 14, 3 (4,3,3) = 10;
 * quality candidate 1 all 3 = 15, 2 (4,4,5,4,4) = 21, 3 (5,5,4,5,4) = 23. Totals 30, 35, 33: candidate 2 is kept
 * although 1 is the most faithful and 3 the best in quality. Counts follow by hand.
 */
class BuildQacCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern DOC = Pattern.compile("Passage of (P\\d_[a-z]{2})");
    static final List<List<Integer>> FAITH = List.of(List.of(5, 5, 5), List.of(5, 4, 5), List.of(4, 3, 3));
    static final List<List<Integer>> QUALITY = List.of(List.of(3, 3, 3, 3, 3), List.of(4, 4, 5, 4, 4), List.of(5, 5, 4, 5, 4));

    @TempDir
    Path dir;
    Path corpus;

    @BeforeEach
    void writeCorpus() throws Exception {
        Map<String, List<String>> families = Map.of("P1", List.of("en", "fr"), "P2", List.of("en", "de"), "P3", List.of("de"),
                "P4", List.of("en", "de", "fr", "es"), "P5", List.of("fr", "es"));
        StringBuilder sb = new StringBuilder();
        for (String f : List.of("P1", "P2", "P3", "P4", "P5")) {
            for (String l : families.get(f)) {
                sb.append(JSON.createObjectNode().put("_id", f + "_" + l).put("text", "Passage of " + f + "_" + l
                        + ": the catalyst works at 450 K with zeolite.").put("lang", l).put("family", f)).append('\n');
            }
        }
        corpus = dir.resolve("corpus.jsonl");
        Files.writeString(corpus, sb.toString());
    }

    /**
     * The script; {@code faults} switches on the misbehaviours of the rejection test: P1's generator replies are cut
     * JSON; P2's first faithfulness reply lists the candidates out of order, and every score of P2 is 1; P5's quality
     * replies lack a criterion.
     */
    static Reply script(JsonNode request, boolean faults) {
        String system = ChatCompletionsServer.message(request, "system");
        String user = request.path("messages").get(1).path("content").asText(); // the first user message: retries add more
        boolean retry = request.path("messages").size() > 2;
        String all = request.path("messages").toString();
        if (system.startsWith("You verify the faithfulness") || system.startsWith("You verify the quality")) {
            Matcher d = DOC.matcher(user);
            d.find();
            String doc = d.group(1);
            boolean faith = system.startsWith("You verify the faithfulness");
            // the three candidates are compared in one call
            if (!(user.contains("Candidate 1\nQuestion: ") && user.contains("(1)") && user.contains("(2)") && user.contains("(3)"))) {
                return Reply.ok("{}", 100, 20);
            }
            List<String> fields = faith ? List.of("faith_grounding", "faith_precision", "faith_numerical_fidelity")
                    : system.contains("technical mode")
                    ? List.of("qual_search_bar_realism", "qual_specificity", "qual_phrasing_economy", "qual_focus", "qual_linguistic_quality")
                    : List.of("qual_search_realism", "qual_lexical_distance", "qual_conceptual_framing", "qual_retrievability",
                            "qual_linguistic_quality");
            var o = JSON.createObjectNode();
            var list = o.putArray("candidates");
            for (int c = 1; c <= 3; c++) {
                var e = list.addObject().put("candidate", faults && faith && doc.startsWith("P2") && !retry ? 4 - c : c);
                for (int f = 0; f < fields.size(); f++) {
                    int score = (faith ? FAITH : QUALITY).get(c - 1).get(f);
                    e.put(fields.get(f), faults && doc.startsWith("P2") ? 1 : score);
                }
                if (faults && !faith && doc.startsWith("P5")) {
                    e.remove(fields.get(0));
                }
                if (!faith) {
                    e.put("qual_failure_type", c == 1 ? "keyword-lifted" : "none");
                }
            }
            return Reply.ok(o.toString(), 100, 20);
        }
        Matcher d = DOC.matcher(all);
        d.find();
        String doc = d.group(1);
        if (faults && doc.startsWith("P1")) {
            return Reply.ok("{\"candidates\": [{\"question\": \"cut off", 200, 30); // truncated JSON, every time
        }
        boolean technical = !system.contains("\"framing\"");
        var o = JSON.createObjectNode();
        var list = o.putArray("candidates");
        for (int i = 1; i <= 3; i++) {
            list.addObject().put("question", "Which catalyst temperature in " + doc + "? (" + i + ")").put("answer", "450 K")
                    .put(technical ? "type" : "framing", technical ? "parameter_or_condition" : "solution");
        }
        return Reply.ok(o.toString(), 200, 60);
    }

    private Path models(ChatCompletionsServer server) throws Exception {
        Path models = dir.resolve("models-" + server.baseUrl().getPort() + ".json");
        Files.writeString(models, "{\"generator\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"gen-1\","
                + " \"revision\": \"g7\"},"
                + " \"verifier\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"ver-1\"}}");
        return models;
    }

    private String[] args(Path models, Path out, String... more) {
        List<String> a = new ArrayList<>(List.of("build", "qac", "--corpus", corpus.toString(), "--models", models.toString(), "--out",
                out.toString(), "--seed", "3"));
        a.addAll(List.of(more));
        return a.toArray(String[]::new);
    }

    @Test
    void buildsADatasetAndAQacCsvThatTheImporterAndTheEvaluationRead() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, false))) {
            Path out = dir.resolve("out");
            BenchRun run = BenchRun.of(args(models(server), out, "--setup", "all", "--mode", "technical", "--languages", "en,de"));
            assertThat(run.code()).as(run.err()).isZero();
            // P1, P2, P4, P5 (P3 has one language) x 2 languages = 8 questions; 1 generator + 2 verifier calls each
            assertThat(server.requests()).isEqualTo(24);
            JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
            assertThat(report.at("/counts/items").asInt()).isEqualTo(8);
            assertThat(report.at("/counts/kept").asInt()).isEqualTo(8);
            assertThat(report.at("/counts/skipped_sources").asInt()).isEqualTo(1);
            assertThat(report.at("/setup/min_score").isNull()).isTrue();
            assertThat(report.at("/kept/per_language/en").asInt()).isEqualTo(4);
            assertThat(report.at("/kept/per_language/de").asInt()).isEqualTo(4);
            assertThat(report.at("/kept/per_mode/technical").asInt()).isEqualTo(8);
            assertThat(report.at("/verifier_totals/all_scored_candidates").toString()).isEqualTo("{\"30\":8,\"33\":8,\"35\":8}");
            assertThat(report.at("/verifier_totals/kept_mean").asDouble()).isEqualTo(35.0);
            assertThat(report.at("/selection").toString()).isEqualTo("{\"pool\":4,\"selected_sources\":4,\"expected_questions\":8,"
                    + "\"sources_per_setup_and_mode\":{\"all/technical\":4},\"questions_per_setup_and_mode\":{\"all/technical\":8}}");
            assertThat(Files.readString(out.resolve("build-report.md"))).contains("| all/technical | 4 | 8 |")
                    .contains("| 11 | 8 | 20 | 15 | 121 | 21 | 48 | 9 |");
            // gen-1: 8 calls of 200 + 60 tokens; ver-1: 16 calls of 100 + 20
            assertThat(report.at("/usage/0/model").asText()).isEqualTo("gen-1");
            assertThat(report.at("/usage/0/completion_tokens").asInt()).isEqualTo(480);
            assertThat(report.at("/usage/1/calls").asInt()).isEqualTo(16);
            assertThat(report.at("/usage/1/prompt_tokens").asInt()).isEqualTo(1600);
            // Table 1: 2+2+1+4+2 = 11 docs; gold = the source's whole family: P1 2x2 + P2 2x2 + P4 2x4 + P5 2x2 = 20 qrels;
            // cross-language: P1 en 1 + de 2, P2 1 + 1, P4 3 + 3, P5 2 + 2 = 15. Tokens: each passage "passage of pN_xx the
            // catalyst works at 450 k with zeolite" = 11, 121 in all, 10 shared + 11 docids distinct = 21; each question
            // "which catalyst temperature in pN_xx 2" = 6, 48 in all, 5 shared + 4 source docids = 9 distinct
            assertThat(report.at("/dataset_statistics").toString()).isEqualTo("{\"corpus_docs\":11,\"queries\":8,\"qrels\":20,"
                    + "\"cross_lang_qrels\":15,\"corpus_tokens\":121,\"corpus_vocabulary\":21,\"query_tokens\":48,\"query_vocabulary\":9}");
            // the same as a row beside the paper's Table 1, in its layout
            List<String> published = Files.readAllLines(Path.of("../../shared/data/chemclir/published-dataset-stats.tsv"));
            List<String> stats = Files.readAllLines(out.resolve("dataset-stats.tsv"));
            assertThat(stats.get(0)).startsWith(published.get(0) + "\t");
            assertThat(stats.get(1)).isEqualTo("bench build qac\tcorpus.jsonl\t11\t8\t20\t15\t121\t21\t48\t9");

            Dataset built = DatasetReader.read(out);
            assertThat(built.queries()).hasSize(8).allSatisfy(q -> assertThat(q.text()).endsWith("(2)"));
            for (Query q : built.queries()) {
                String gold = built.qrels().judgments(q.id()).keySet().iterator().next();
                assertThat(q.text()).contains(gold); // the question was generated from its gold document
                assertThat(q.metadata()).containsEntry("total_score", "35");
            }
            List<String> csv = Files.readAllLines(out.resolve("qac.csv"));
            assertThat(csv).hasSize(9);
            assertThat(csv.get(0)).isEqualTo(Files.readAllLines(Path.of("../../shared/data/chemclir/balanced_100_qac.csv")).get(0));
            // candidate 2: faithfulness 5,4,5 = 14; technical quality 4,4,5,4,4 = 21 (the semantic columns empty, the
            // repeated linguistic quality and overall filled); total 35
            assertThat(csv.get(1)).endsWith(",parameter_or_condition,,5,4,5,14,4,4,5,4,4,21,,,,,4,21,none,35");
            // the CSV reads back through the ChemCLIR importer into the same questions and judgements
            Path imported = dir.resolve("imported");
            BenchRun imp = BenchRun.of("import", "chemclir-qac", "--qac", out.resolve("qac.csv").toString(), "--corpus", corpus.toString(),
                    "--out", imported.toString());
            assertThat(imp.code()).as(imp.err()).isZero();
            Dataset back = DatasetReader.read(imported);
            assertThat(back.queries()).extracting(Query::id, Query::text, Query::lang)
                    .containsExactlyElementsOf(built.queries().stream().map(q -> org.assertj.core.groups.Tuple.tuple(q.id(), q.text(),
                            q.lang())).toList());
            assertThat(back.qrels().asMap()).isEqualTo(built.qrels().asMap());
            // bench eval on the imported dataset: a run that returns only each question's source document. With family
            // expansion the gold set is the whole family, so Recall@10 is 1/2 for the P1, P2 and P5 questions (6) and 1/4
            // for P4's (2): (6 x 0.5 + 2 x 0.25) / 8 = 0.4375; Success@1 = 1. nDCG@10: DCG 1 over IDCG 1 + 1/log2(3)
            // = 1.63093 for a two-document family (0.613147), over 1 + 0.63093 + 0.5 + 0.43068 = 2.56161 for P4 (0.390380):
            // (6 x 0.613147 + 2 x 0.390380) / 8 = 0.557455
            StringBuilder trec = new StringBuilder();
            for (Query q : built.queries()) {
                trec.append(q.id()).append(" Q0 ").append(built.qrels().judgments(q.id()).keySet().iterator().next()).append(" 1 1.0 oracle\n");
            }
            Files.writeString(dir.resolve("oracle.run"), trec.toString());
            Path evalOut = dir.resolve("eval");
            BenchRun eval = BenchRun.of("eval", "--dataset", imported.toString(), "--run", dir.resolve("oracle.run").toString(), "--out",
                    evalOut.toString());
            assertThat(eval.code()).as(eval.err()).isZero();
            List<String> metrics = Files.readAllLines(evalOut.resolve("metrics.csv"));
            assertThat(metrics).contains("oracle,,,R@10,0.4375,8", "oracle,,,Success@1,1.0,8");
            String ndcg = metrics.stream().filter(l -> l.startsWith("oracle,,,nDCG@10,")).findFirst().orElseThrow();
            assertThat(Double.parseDouble(ndcg.split(",")[4])).isCloseTo(0.557455, org.assertj.core.api.Assertions.within(1e-6));
            // candidates.jsonl: 8 questions x 3 candidates, with provenance of both verifier calls
            List<String> candidates = Files.readAllLines(out.resolve("candidates.jsonl"));
            assertThat(candidates).hasSize(24);
            JsonNode first = JSON.readTree(candidates.get(0));
            assertThat(first.get("total_score").asInt()).isEqualTo(30);
            assertThat(first.get("qual_failure_type").asText()).isEqualTo("keyword-lifted");
            assertThat(first.at("/provenance/generator/prompt_id").asText()).isEqualTo("qac-technical-en");
            assertThat(first.at("/provenance/generator/revision").asText()).isEqualTo("g7");
            assertThat(first.at("/provenance/verifier/faithfulness/prompt_id").asText()).isEqualTo("qac-verify-faithfulness");
            assertThat(first.at("/provenance/verifier/quality/prompt_id").asText()).isEqualTo("qac-verify-quality-technical");
            assertThat(first.at("/provenance/verifier/quality/model").asText()).isEqualTo("ver-1");
            // selection-manifest.csv: the 4 pool sources, all selected, 'all' in 2 languages
            List<String> manifest = Files.readAllLines(out.resolve("selection-manifest.csv"));
            assertThat(manifest.get(0)).isEqualTo(Files.readAllLines(Path.of("../../shared/data/chemclir/balanced_100_qac_manifest.csv"))
                    .get(0) + ",corpus_id");
            assertThat(manifest).hasSize(5);
            assertThat(manifest.subList(1, 5)).allMatch(l -> l.matches("[1-4],P[1245],yes,technical,4,all,2,P[1245]_[a-z]{2}"));

            // a re-run pays nothing and gives the same bytes
            var before = BuildProcess.tree(out);
            assertThat(BenchRun.of(args(models(server), out, "--setup", "all", "--mode", "technical", "--languages", "en,de")).code()).isZero();
            assertThat(server.requests()).isEqualTo(24);
            assertThat(BuildProcess.tree(out)).isEqualTo(before);
        }
    }

    @Test
    void truncatedRepliesAndUnusableVerdictsAreRecordedRejectionsAndLowScoresAreKeptUnlessMinScore() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, true))) {
            Path out = dir.resolve("out");
            BenchRun run = BenchRun.of(args(models(server), out, "--setup", "random-missing", "--mode", "general", "--languages",
                    "en,de,fr,es", "--max-attempts", "2"));
            assertThat(run.code()).as(run.err()).isZero();
            JsonNode report = JSON.readTree(out.resolve("build-report.json").toFile());
            // P3: one language, P4: every language (nothing missing): skipped. P1: truncated JSON twice -> rejected.
            // P2: faithfulness out of order, then usable; every score 1: totals 8, kept (no threshold; tie: candidate 1).
            // P5: quality replies without a criterion, twice -> rejected, its 3 candidates unscored
            assertThat(report.at("/counts/skipped_sources").asInt()).isEqualTo(2);
            assertThat(report.at("/counts/items").asInt()).isEqualTo(3);
            assertThat(report.at("/counts/kept").asInt()).isEqualTo(1);
            assertThat(report.at("/verifier_totals/unscored_candidates").asInt()).isEqualTo(3);
            assertThat(report.at("/verifier_totals/kept").toString()).isEqualTo("{\"8\":1}");
            assertThat(report.at("/rejections_by_reason").toString()).contains("generator: the reply's JSON is malformed or truncated")
                    .contains("verifier: quality: the field 'qual_search_realism' is missing or not an integer")
                    .contains("plan: the family has 1 language").contains("plan: no setup of");
            assertThat(Files.readAllLines(out.resolve("rejections.jsonl"))).hasSize(4);
            Dataset built = DatasetReader.read(out);
            assertThat(built.queries()).singleElement().satisfies(q -> {
                assertThat(q.family()).isEqualTo("P2");
                assertThat(q.lang()).isIn("fr", "es"); // random-missing: a language P2 lacks
                assertThat(q.text()).endsWith("(1)");
                assertThat(q.metadata()).containsEntry("total_score", "8");
            });
            // P1: 2 generator calls; P2: 1 + 2 faithfulness + 1 quality; P5: 1 + 1 + 2
            assertThat(server.requests()).isEqualTo(2 + 4 + 4);

            // --min-score 30 rejects P2's best (8)
            Path strict = dir.resolve("strict");
            assertThat(BenchRun.of(args(models(server), strict, "--setup", "random-missing", "--mode", "general", "--languages",
                    "en,de,fr,es", "--max-attempts", "2", "--min-score", "30")).code()).isZero();
            JsonNode strictReport = JSON.readTree(strict.resolve("build-report.json").toFile());
            assertThat(strictReport.at("/counts/kept").asInt()).isZero();
            assertThat(strictReport.at("/rejections_by_reason/selection: below --min-score").asInt()).isEqualTo(1);
        }
    }

    @Test
    void aDryRunCountsTheCallsZhPromptsShipAndAMissingLanguagePromptIsNamed() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, false))) {
            BenchRun dry = BenchRun.of(args(models(server), dir.resolve("dry"), "--setup", "all", "--languages", "en,de,fr", "--dry-run"));
            assertThat(dry.code()).as(dry.err()).isZero();
            // 4 families of two or more languages x 3 languages; 2 verifier calls each
            assertThat(dry.err()).contains("generator: 12 calls").contains("verifier: 24 calls").contains("[system]")
                    .contains("4 of 4 pool sources selected; 1 source documents skipped");
            BenchRun zh = BenchRun.of(args(models(server), dir.resolve("zh"), "--setup", "all", "--languages", "zh", "--mode", "general",
                    "--dry-run"));
            assertThat(zh.code()).as(zh.err()).isZero();
            assertThat(zh.err()).contains("--- qac-general-zh (version 1").contains("用简体中文写出三个候选问题");
            BenchRun ja = BenchRun.of(args(models(server), dir.resolve("ja"), "--setup", "all", "--languages", "ja", "--mode", "general"));
            assertThat(ja.code()).isEqualTo(1);
            assertThat(ja.err()).contains("no prompt qac/general.ja.txt").contains("--prompts");
            assertThat(server.requests()).isZero();
        }
    }

    @Test
    void theGeneratorsModelAsVerifierIsRefusedBeforeAnyCallUnlessAllowed() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, false))) {
            Path same = dir.resolve("same.json");
            Files.writeString(same, "{\"generator\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"gen-1\"},"
                    + " \"verifier\": {\"base_url\": \"" + server.baseUrl() + "\", \"model\": \"GEN-1\"}}");
            BenchRun refused = BenchRun.of(args(same, dir.resolve("out"), "--setup", "all", "--mode", "technical", "--languages", "en"));
            assertThat(refused.code()).isEqualTo(1);
            assertThat(refused.err()).contains("the verifier's model 'GEN-1' is the generator's").contains("--allow-same-verifier");
            assertThat(server.requests()).isZero();
            assertThat(dir.resolve("out")).doesNotExist();
            BenchRun allowed = BenchRun.of(args(same, dir.resolve("out"), "--setup", "all", "--mode", "technical", "--languages", "en",
                    "--allow-same-verifier"));
            assertThat(allowed.code()).as(allowed.err()).isZero();
            // 4 families x 1 language x 3 calls
            assertThat(server.requests()).isEqualTo(12);
        }
    }

    @Test
    void maxSourcesSelectsABalancedSeededManifest() throws Exception {
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, false))) {
            Path out = dir.resolve("out");
            BenchRun run = BenchRun.of(args(models(server), out, "--setup", "all", "--mode", "mixed", "--languages", "en,de",
                    "--max-sources", "2"));
            assertThat(run.code()).as(run.err()).isZero();
            // pool of 4 (P3 left out); the first two by rank: one technical, one general (the first cell first); 2 languages each
            List<String> manifest = Files.readAllLines(out.resolve("selection-manifest.csv"));
            assertThat(manifest).hasSize(5);
            assertThat(manifest.get(1)).matches("1,P[1245],yes,technical,4,all,2,P[1245]_[a-z]{2}");
            assertThat(manifest.get(2)).matches("2,P[1245],yes,semantic,4,all,2,P[1245]_[a-z]{2}");
            assertThat(manifest.get(3)).matches("3,P[1245],no,,,,0,P[1245]_[a-z]{2}");
            assertThat(manifest.get(4)).matches("4,P[1245],no,,,,0,P[1245]_[a-z]{2}");
            List<String> csv = Files.readAllLines(out.resolve("qac.csv"));
            assertThat(csv).hasSize(5);
            assertThat(csv.stream().filter(l -> l.startsWith("technical,"))).hasSize(2);
            assertThat(csv.stream().filter(l -> l.startsWith("semantic,"))).hasSize(2);
            assertThat(server.requests()).isEqualTo(12);
            // the same seed selects the same sources
            Path again = dir.resolve("again");
            assertThat(BenchRun.of(args(models(server), again, "--setup", "all", "--mode", "mixed", "--languages", "en,de",
                    "--max-sources", "2")).code()).isZero();
            assertThat(Files.readAllLines(again.resolve("selection-manifest.csv"))).isEqualTo(manifest);
        }
    }

    @Test
    void aBuildKilledMidwayAndStartedAgainGivesTheSameBytesWithoutPayingTwice() throws Exception {
        String[] options = {"--setup", "all", "--mode", "mixed", "--languages", "en,de", "--concurrency", "1", "--id", "tiny-qac"};
        Path whole = dir.resolve("whole");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> script(body, false))) {
            assertThat(BenchRun.of(args(models(server), whole, options)).code()).isZero();
        }
        Path resumed = dir.resolve("resumed");
        try (ChatCompletionsServer server = ChatCompletionsServer.start((n, body) -> {
            Reply r = script(body, false);
            return new Reply(r.status(), r.body(), null, 150);
        })) {
            server.answerAtMost(10); // the killed build is paid for 10 calls, and journals them before the kill
            int code = BuildProcess.killAfterJournaledCallsThenResume(dir.resolve("log"), Map.of(), dir.resolve("resumed.work/calls.jsonl"),
                    10, server::release, Duration.ofMinutes(3), args(models(server), resumed, options));
            assertThat(code).as(Files.readString(dir.resolve("log.2"), StandardCharsets.UTF_8)).isZero();
            assertThat(BuildProcess.tree(resumed)).isEqualTo(BuildProcess.tree(whole));
            // no call answered twice; 4 families x 2 languages: 8 generator calls + 8 x 2 verifier calls = 24 answered in all
            assertThat(server.repeatedAnswers()).isEmpty();
            assertThat(server.answers()).isEqualTo(24);
            // at most the one request in flight at the kill (never answered) was asked again
            assertThat(server.requests()).isBetween(24, 25);
        }
    }
}
