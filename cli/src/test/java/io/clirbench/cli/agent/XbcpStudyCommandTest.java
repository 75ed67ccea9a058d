package io.clirbench.cli.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.clirbench.cli.BenchRun;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole XBCP study on a four-question task written here, against a real HTTP server speaking the chat-completions
 * protocol (JDK HttpServer): {@code bench agent configure --oracle} (the TQ+TP prompt and queries translated by the
 * openai translator through the server), {@code bench agent llm} on this machine for the search runs (BM25 over the
 * configured corpus, real tool calls) and the three oracle variants, two reasoning efforts, then
 * {@code bench agent compare}. The server's replies are scripted per run (the run is the base URL's first path
 * segment) and question, so every count below is known by hand; the expected values are worked in the comments.
 *
 * <p>Task: questions q1 (France → Paris), q2 (Italy → Rome), q3 (Germany → Berlin), q4 (Spain → Madrid); evidence
 * q{i} → family p{i} (en, de, fr versions, each with the token kw100{i}); negatives en/n1 (kw2001), en/n2 (kw2002).
 * cross-lingual (written here): q1, q2 → de; q3, q4 → fr. Resource groups: high = [de], low = [fr].
 */
class XbcpStudyCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern TRANSLATE = Pattern.compile("from [^(]*\\((\\S+)\\) into [^(]*\\((\\S+)\\)"); // agent-configure/translate.txt: "from English (en) into German (de)"

    @TempDir
    Path dir;

    private HttpServer server;
    private final Map<String, List<JsonNode>> requests = new HashMap<>();

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    /** Which question a request is about, from the words only its question and evidence hold. */
    private static String question(String text) {
        for (String[] q : new String[][] {{"France", "q1"}, {"Italy", "q2"}, {"Germany", "q3"}, {"Spain", "q4"}}) {
            if (text.contains(q[0])) {
                return q[1];
            }
        }
        throw new AssertionError("no question in " + text);
    }

    /**
     * Search runs: turn 1 searches, turn 2 answers. Per run and question: {search term, exact answer, citations}.
     * orig: all find their evidence; q4 answers Lisbon (wrong). xl (cross-lingual): q1 finds de/p1, answers Paris [de/p1];
     * q2 finds de/p2, answers Lyon citing [de/p2] [en/n1]; q3 finds only en/n1, answers Lyon [en/n1]; q4 finds only en/n2,
     * answers Madrid citing nothing. xl-high (effort high): as xl, but q2 answers Rome.
     */
    private static final Map<String, String[]> SEARCH = Map.ofEntries(
            Map.entry("orig/q1", new String[] {"kw1001", "Paris", "[en/p1]"}),
            Map.entry("orig/q2", new String[] {"kw1002", "Rome", "[en/p2]"}),
            Map.entry("orig/q3", new String[] {"kw1003", "Berlin", "[en/p3]"}),
            Map.entry("orig/q4", new String[] {"kw1004", "Lisbon", "[en/p4]"}),
            Map.entry("xl/q1", new String[] {"kw1001", "Paris", "[de/p1]"}),
            Map.entry("xl/q2", new String[] {"kw1002", "Lyon", "[de/p2] [en/n1]"}),
            Map.entry("xl/q3", new String[] {"kw2001", "Lyon", "[en/n1]"}),
            Map.entry("xl/q4", new String[] {"kw2002", "Madrid", ""}));

    /**
     * Oracle runs (cross-lingual), per question {exact answer, citations}. oracle: q4 wrong (Porto), q3 cites en/n2 too;
     * en-oracle: all right; tq-tp: q2 answers Roma (wrong under exact match), q4 Porto.
     */
    private static final Map<String, String[]> ORACLE = Map.ofEntries(
            Map.entry("oracle/q1", new String[] {"Paris", "[de/p1]"}),
            Map.entry("oracle/q2", new String[] {"Rome", "[de/p2]"}),
            Map.entry("oracle/q3", new String[] {"Berlin", "[fr/p3] [en/n2]"}),
            Map.entry("oracle/q4", new String[] {"Porto", ""}),
            Map.entry("en-oracle/q1", new String[] {"Paris", "[en/p1]"}),
            Map.entry("en-oracle/q2", new String[] {"Rome", "[en/p2]"}),
            Map.entry("en-oracle/q3", new String[] {"Berlin", "[en/p3]"}),
            Map.entry("en-oracle/q4", new String[] {"Madrid", "[en/p4]"}),
            Map.entry("tq-tp/q1", new String[] {"Paris", "[de/p1]"}),
            Map.entry("tq-tp/q2", new String[] {"Roma", "[de/p2]"}),
            Map.entry("tq-tp/q3", new String[] {"Berlin", "[fr/p3]"}),
            Map.entry("tq-tp/q4", new String[] {"Porto", "[fr/p4]"}));

    private String start(com.sun.net.httpserver.HttpHandler handler) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", handler);
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private synchronized void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        String run = path.split("/")[1];
        JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
        requests.computeIfAbsent(run, r -> new ArrayList<>()).add(body);
        JsonNode messages = body.path("messages");
        String reply;
        if (run.equals("translate")) {
            Matcher m = TRANSLATE.matcher(messages.get(0).path("content").asText());
            assertThat(m.find()).isTrue();
            reply = answer("[" + m.group(2) + "] " + messages.get(1).path("content").asText());
        } else if (ORACLE.containsKey(run + "/q1")) {
            assertThat(body.has("tools")).as("an oracle request has no tools").isFalse();
            String prompt = messages.get(0).path("content").asText();
            String[] a = ORACLE.get(run + "/" + question(prompt));
            reply = answer("Explanation: from the documents " + a[1] + ".\nExact Answer: " + a[0] + "\nConfidence: 80%");
        } else {
            String q = question(messages.get(1).path("content").asText());
            String[] a = SEARCH.get((run.startsWith("xl") ? "xl" : run) + "/" + q);
            if (messages.size() == 2) {
                reply = "{\"choices\":[{\"index\":0,\"finish_reason\":\"tool_calls\",\"message\":{\"role\":\"assistant\",\"content\":null,"
                        + "\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"search\",\"arguments\":"
                        + JSON.valueToTree("{\"query\":\"" + a[0] + "\"}") + "}}]}}],\"usage\":{\"total_tokens\":10}}";
            } else {
                String exact = run.equals("xl-high") && q.equals("q2") ? "Rome" : a[1];
                reply = answer("Explanation: found it " + a[2] + ".\nExact Answer: " + exact + "\nConfidence: 70%");
            }
        }
        send(exchange, reply);
    }

    private static void send(HttpExchange exchange, String reply) throws IOException {
        byte[] bytes = reply.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    private static String answer(String content) {
        return "{\"choices\":[{\"index\":0,\"finish_reason\":\"stop\",\"message\":{\"role\":\"assistant\",\"content\":"
                + JSON.valueToTree(content) + "}}],\"usage\":{\"total_tokens\":5}}";
    }

    private Path task() throws IOException {
        Path t = dir.resolve("task");
        Files.createDirectories(t.resolve("configurations/cross-lingual"));
        Files.writeString(t.resolve("dataset.json"), """
                {"id": "tiny-xbcp", "kind": "agentic", "languages": ["en", "de", "fr"], "sourceLanguage": "en",
                 "configurations": ["original", "cross-lingual"], "resourceGroups": {"high": ["de"], "low": ["fr"]}}
                """);
        String[][] families = {
                {"p1", "Paris is the capital of France.", "Paris ist die Hauptstadt von Frankreich (France).",
                        "Paris est la capitale de la France."},
                {"p2", "Rome is the capital of Italy.", "Rom ist die Hauptstadt von Italien (Italy).", "Rome est la capitale de l'Italie (Italy)."},
                {"p3", "Berlin is the capital of Germany.", "Berlin ist die Hauptstadt (Germany).", "Berlin est la capitale de l'Allemagne (Germany)."},
                {"p4", "Madrid is the capital of Spain.", "Madrid ist die Hauptstadt von Spanien (Spain).", "Madrid est la capitale de l'Espagne (Spain)."}};
        StringBuilder corpus = new StringBuilder();
        for (int i = 0; i < families.length; i++) {
            String[] f = families[i];
            String token = "kw100" + (i + 1);
            corpus.append(doc("en/" + f[0], token + " " + f[1], "en", f[0]));
            corpus.append(doc("de/" + f[0], token + " " + f[2], "de", f[0]));
            corpus.append(doc("fr/" + f[0], token + " " + f[3], "fr", f[0]));
        }
        corpus.append(doc("en/n1", "kw2001 Lyon is a large city.", "en", "n1"));
        corpus.append(doc("en/n2", "kw2002 Porto is a port city.", "en", "n2"));
        Files.writeString(t.resolve("corpus.jsonl"), corpus.toString());
        Files.writeString(t.resolve("queries.jsonl"), """
                {"_id": "q1", "text": "What is the capital of France?", "lang": "en", "answer": "Paris"}
                {"_id": "q2", "text": "What is the capital of Italy?", "lang": "en", "answer": "Rome"}
                {"_id": "q3", "text": "What is the capital of Germany?", "lang": "en", "answer": "Berlin"}
                {"_id": "q4", "text": "What is the capital of Spain?", "lang": "en", "answer": "Madrid"}
                """);
        String qrels = "query-id\tcorpus-id\tscore\nq1\ten/p1\t1\nq2\ten/p2\t1\nq3\ten/p3\t1\nq4\ten/p4\t1\n";
        Files.writeString(t.resolve("qrels-evidence.tsv"), qrels);
        Files.writeString(t.resolve("qrels-gold.tsv"), qrels);
        Files.writeString(t.resolve("configurations/cross-lingual/lang_assignment.json"),
                "{\"en/p1\": \"de\", \"en/p2\": \"de\", \"en/p3\": \"fr\", \"en/p4\": \"fr\"}");
        Files.writeString(t.resolve("configurations/cross-lingual/query_lang_assignment.json"),
                "{\"q1\": \"de\", \"q2\": \"de\", \"q3\": \"fr\", \"q4\": \"fr\"}");
        return t;
    }

    private static String doc(String id, String text, String lang, String family) {
        return "{\"_id\": \"" + id + "\", \"text\": \"" + text + "\", \"lang\": \"" + lang + "\", \"family\": \"" + family + "\"}\n";
    }

    private static void ok(BenchRun r) {
        assertThat(r.code()).as(r.err() + r.out()).isZero();
    }

    private BenchRun llm(String url, Path task, String config, String out, String... more) {
        List<String> args = new ArrayList<>(List.of("agent", "llm", "--task", task.toString(), "--config", config, "--out",
                dir.resolve(out).toString(), "--base-url", url, "--model", "m1", "--api-key", "k", "--attempts", "1"));
        args.addAll(List.of(more));
        return BenchRun.of(args.toArray(String[]::new));
    }

    private static JsonNode find(JsonNode array, Map<String, String> fields) {
        for (JsonNode n : array) {
            if (fields.entrySet().stream().allMatch(e -> e.getValue().equals(n.path(e.getKey()).asText()))) {
                return n;
            }
        }
        throw new AssertionError("no element with " + fields + " in " + array);
    }

    @Test
    void oracleVariantsSearchRunsAndTheirDecompositionCitationErrorsAndResourceGroups() throws IOException {
        String base = start(this::handle);
        Path task = task();

        // configure --oracle on the configuration written above: its files stay; 2 prompts (de, fr) + 4 queries translated
        ok(BenchRun.of("agent", "configure", "--task", task.toString(), "--config", "cross-lingual", "--oracle",
                "--translator", "openai", "--translator-base-url", base + "/translate/v1", "--translator-model", "tm"));
        assertThat(requests.get("translate")).hasSize(6);
        assertThat(Files.readString(task.resolve("configurations/cross-lingual/query_lang_assignment.json")))
                .isEqualTo("{\"q1\": \"de\", \"q2\": \"de\", \"q3\": \"fr\", \"q4\": \"fr\"}");
        JsonNode oracle = JSON.readTree(task.resolve("configurations/cross-lingual/oracle/oracle.json").toFile());
        assertThat(find(oracle.get("queries"), Map.of("query_id", "q3")).get("docids").get(0).asText()).isEqualTo("fr/p3");
        JsonNode en = JSON.readTree(task.resolve("configurations/cross-lingual/oracle/en-oracle.json").toFile());
        assertThat(find(en.get("queries"), Map.of("query_id", "q3")).get("docids").get(0).asText()).isEqualTo("en/p3");
        JsonNode tq = JSON.readTree(task.resolve("configurations/cross-lingual/oracle/oracle-tq-tp.json").toFile());
        JsonNode tq2 = find(tq.get("queries"), Map.of("query_id", "q2"));
        assertThat(tq2.get("language").asText()).isEqualTo("de");
        assertThat(tq2.get("query").asText()).isEqualTo("[de] What is the capital of Italy?");
        assertThat(tq2.get("instructions").asText()).startsWith("[de] Below are a question").contains("[[QUESTION]]", "[[DOCUMENTS]]");
        assertThat(tq2.get("provenance").get("query").asText()).isEqualTo("translation:openai/tm");
        assertThat(tq2.get("provenance").get("instructions").asText()).isEqualTo("translation:openai/tm");

        // the search runs and the three oracle variants, one model
        ok(llm(base + "/orig/v1", task, "original", "orig", "--k", "5"));
        ok(llm(base + "/xl/v1", task, "cross-lingual", "xl", "--reasoning-effort", "low"));
        ok(llm(base + "/oracle/v1", task, "cross-lingual", "oracle", "--oracle", "oracle"));
        ok(llm(base + "/en-oracle/v1", task, "cross-lingual", "en-oracle", "--oracle", "en-oracle"));
        ok(llm(base + "/tq-tp/v1", task, "cross-lingual", "tq-tp", "--oracle", "oracle-tq-tp"));
        ok(llm(base + "/xl-high/v1", task, "cross-lingual", "xl-high", "--reasoning-effort", "high"));

        // what the endpoint saw: the search tool in search runs, the documents in the prompt of oracle runs
        JsonNode xlFirst = requests.get("xl").get(0);
        assertThat(xlFirst.path("reasoning_effort").asText()).isEqualTo("low");
        assertThat(xlFirst.findValuesAsText("name")).contains("search", "get_document");
        String xlToolResult = requests.get("xl").get(1).path("messages").get(3).path("content").asText();
        assertThat(xlToolResult).contains("\"docid\":\"de/p1\"").doesNotContain("en/p1");
        String oraclePrompt = requests.get("oracle").get(0).path("messages").get(0).path("content").asText();
        assertThat(oraclePrompt).contains("Question: What is the capital of France?", "[de/p1] kw1001 Paris ist", "Exact Answer:")
                .doesNotContain("[en/p1]");
        assertThat(requests.get("en-oracle").get(0).path("messages").get(0).path("content").asText()).contains("[en/p1] kw1001 Paris is");
        String tqPrompt = requests.get("tq-tp").get(0).path("messages").get(0).path("content").asText();
        assertThat(tqPrompt).startsWith("[de] Below are a question").contains("[de] What is the capital of France?", "[de/p1]")
                .doesNotContain("[[QUESTION]]", "[[DOCUMENTS]]");
        JsonNode xlRunFile = JSON.readTree(dir.resolve("xl/run_q3.json").toFile());
        assertThat(xlRunFile.path("metadata").path("reasoning_effort").asText()).isEqualTo("low");
        assertThat(xlRunFile.path("metadata").path("setting").asText()).isEqualTo("search");
        assertThat(xlRunFile.path("retrieved_docids").toString()).isEqualTo("[\"en/n1\"]");
        assertThat(JSON.readTree(dir.resolve("tq-tp/run_q1.json").toFile()).path("metadata").path("setting").asText())
                .isEqualTo("oracle-tq-tp");

        Path out = dir.resolve("study");
        BenchRun compare = BenchRun.of("agent", "compare", "--task", task.toString(), "--run", dir.resolve("orig").toString(),
                "--run", dir.resolve("xl").toString(), "--run", dir.resolve("oracle").toString(), "--run",
                dir.resolve("en-oracle").toString(), "--run", dir.resolve("tq-tp").toString(), "--bootstrap", "1000",
                "--out", out.toString());
        ok(compare);
        assertThat(compare.out()).contains("Across configurations", "Oracle decomposition", "Citation errors", "Resource groups",
                "High − low resource");
        JsonNode report = JSON.readTree(out.resolve("report.json").toFile());

        // across configurations (search runs): accuracy orig 3/4 (q4 Lisbon), xl 2/4 (q1, q4): difference -0.25
        JsonNode xlAll = find(report.get("rows"), Map.of("configuration", "cross-lingual", "language", "all"));
        assertThat(xlAll.get("accuracy").asDouble()).isCloseTo(0.5, within(1e-12));
        assertThat(xlAll.get("accuracyDifference").get("difference").asDouble()).isCloseTo(-0.25, within(1e-12));

        // decomposition (cross-lingual), per-query correctness: search xl 1,0,0,1; oracle 1,1,1,0; en-oracle 1,1,1,1; tq-tp 1,0,1,0
        // retrieval gap = oracle − search: 0,1,1,-1 -> 0.25 (de: 0,1 -> 0.5; fr: 1,-1 -> 0)
        // agent-side loss = en-oracle − oracle: 0,0,0,1 -> 0.25 (de 0; fr 0.5)
        // prompt-language effect = tq-tp − oracle: 0,-1,0,0 -> -0.25 (de -0.5; fr 0)
        JsonNode rows = report.get("decomposition").get("rows");
        assertThat(rows).hasSize(9);
        double[][] expected = {{0.25, 0.5, 0.0}, {0.25, 0.0, 0.5}, {-0.25, -0.5, 0.0}};
        String[] components = {"retrieval gap (Oracle − search)", "agent-side loss (EN-Oracle − Oracle)",
                "prompt-language effect (Oracle-TQ+TP − Oracle)"};
        double[][] accuracies = {{0.75, 0.5}, {1.0, 0.75}, {0.5, 0.75}};
        for (int c = 0; c < 3; c++) {
            String[] languages = {"all", "de", "fr"};
            for (int l = 0; l < 3; l++) {
                JsonNode row = find(rows, Map.of("component", components[c], "language", languages[l]));
                assertThat(row.get("configuration").asText()).isEqualTo("cross-lingual");
                assertThat(row.get("paired").asInt()).isEqualTo(l == 0 ? 4 : 2);
                assertThat(row.get("difference").asDouble()).as(components[c] + "/" + languages[l]).isCloseTo(expected[c][l], within(1e-12));
            }
            JsonNode all = find(rows, Map.of("component", components[c], "language", "all"));
            assertThat(all.get("accuracyA").asDouble()).isCloseTo(accuracies[c][0], within(1e-12));
            assertThat(all.get("accuracyB").asDouble()).isCloseTo(accuracies[c][1], within(1e-12));
            JsonNode ci = all.get("interval");
            if (!ci.get("low").isNull()) {
                assertThat(ci.get("low").asDouble()).isLessThanOrEqualTo(expected[c][0]);
                assertThat(ci.get("high").asDouble()).isGreaterThanOrEqualTo(expected[c][0]);
            }
        }
        assertThat(find(rows, Map.of("component", components[0], "language", "all")).get("minuend").asText()).isEqualTo("oracle");
        assertThat(find(rows, Map.of("component", components[0], "language", "all")).get("subtrahend").asText()).isEqualTo("xl");

        // citation errors, xl: cited q1 [de/p1], q2 [de/p2][en/n1], q3 [en/n1], q4 none -> 4 cited, 3 citing of 4 answers;
        // errors: q2 en/n1 (its search returned de/p2: mapping failure), q3 en/n1 (search returned only en/n1: no gold retrieved)
        JsonNode citations = report.get("citationErrors");
        JsonNode xl = find(citations, Map.of("run", "xl"));
        assertCitations(find(xl.get("rows"), Map.of("language", "all")), 4, 3, 0.75, 4, 2, 1, 1);
        assertCitations(find(xl.get("rows"), Map.of("language", "de")), 2, 2, 1.0, 3, 1, 1, 0);
        assertCitations(find(xl.get("rows"), Map.of("language", "fr")), 2, 1, 0.5, 1, 1, 0, 1);
        assertThat(find(xl.get("rows"), Map.of("language", "all")).get("errorShare").asDouble()).isCloseTo(0.5, within(1e-12));
        // oracle: cited q1 1, q2 1, q3 2 (en/n2 an error; the evidence was in the prompt: a mapping failure), q4 none
        assertCitations(find(find(citations, Map.of("run", "oracle")).get("rows"), Map.of("language", "all")), 4, 3, 0.75, 4, 1, 1, 0);
        // orig: every citation evidence
        assertCitations(find(find(citations, Map.of("run", "orig")).get("rows"), Map.of("language", "all")), 4, 4, 1.0, 4, 0, 0, 0);

        // resource groups, xl: high (de) q1 right, q2 wrong -> 0.5, recall 1, 1; low (fr) 0.5, recall 0, 0; calls 1 each
        JsonNode xlGroups = find(report.get("resourceGroups"), Map.of("run", "xl"));
        JsonNode high = find(xlGroups.get("groups"), Map.of("name", "high"));
        assertThat(high.get("queries").asInt()).isEqualTo(2);
        assertThat(high.get("accuracy").asDouble()).isCloseTo(0.5, within(1e-12));
        assertThat(high.get("evidenceRecall").asDouble()).isCloseTo(1.0, within(1e-12));
        assertThat(high.get("searchCalls").asDouble()).isCloseTo(1.0, within(1e-12));
        JsonNode low = find(xlGroups.get("groups"), Map.of("name", "low"));
        assertThat(low.get("accuracy").asDouble()).isCloseTo(0.5, within(1e-12));
        assertThat(low.get("evidenceRecall").asDouble()).isCloseTo(0.0, within(1e-12));
        JsonNode recallDiff = find(xlGroups.get("differences"), Map.of("metric", "evidence recall"));
        assertThat(recallDiff.get("difference").asDouble()).isCloseTo(1.0, within(1e-12));
        assertThat(find(xlGroups.get("differences"), Map.of("metric", "accuracy")).get("difference").asDouble())
                .isCloseTo(0.0, within(1e-12));
        // oracle: high q1, q2 right -> 1.0; low q3 right, q4 wrong -> 0.5; high − low 0.5
        JsonNode oracleGroups = find(report.get("resourceGroups"), Map.of("run", "oracle"));
        assertThat(find(oracleGroups.get("differences"), Map.of("metric", "accuracy")).get("difference").asDouble())
                .isCloseTo(0.5, within(1e-12));
        assertThat(find(oracleGroups.get("groups"), Map.of("name", "high")).get("evidenceRecall").isNull())
                .as("an oracle run searched nothing").isTrue();
        assertThat(find(report.get("runs"), Map.of("run", "oracle")).get("evidenceRecall").isNull()).isTrue();
        // orig: every evidence language en, in no group
        assertThat(find(report.get("resourceGroups"), Map.of("run", "orig")).get("groups")).isEmpty();
        assertThat(Files.readString(out.resolve("report.html"))).contains("id=\"decomposition\"", "id=\"citation-errors\"",
                "id=\"resource-groups\"", "id=\"resource-difference\"");
        assertThat(Files.readString(out.resolve("report.md"))).contains("## Oracle decomposition", "## Citation errors");

        // reasoning effort as the comparison axis: xl (low) 1,0,0,1; xl-high 1,1,0,1 -> high − low = +0.25 (de +0.5, fr 0)
        Path effort = dir.resolve("effort");
        BenchRun byEffort = BenchRun.of("agent", "compare", "--task", task.toString(), "--run", dir.resolve("xl").toString(),
                "--run", dir.resolve("xl-high").toString(), "--axis", "reasoning_effort", "--reference", "low", "--bootstrap", "0",
                "--out", effort.toString());
        ok(byEffort);
        JsonNode effortReport = JSON.readTree(effort.resolve("report.json").toFile());
        assertThat(effortReport.get("axis").asText()).isEqualTo("reasoning_effort");
        assertThat(effortReport.get("reference").asText()).isEqualTo("low");
        assertThat(find(effortReport.get("rows"), Map.of("configuration", "high", "language", "all")).get("accuracyDifference")
                .get("difference").asDouble()).isCloseTo(0.25, within(1e-12));
        assertThat(find(effortReport.get("rows"), Map.of("configuration", "high", "language", "de")).get("accuracyDifference")
                .get("difference").asDouble()).isCloseTo(0.5, within(1e-12));
        assertThat(find(effortReport.get("runs"), Map.of("run", "xl-high")).get("settings").get("reasoning_effort").asText())
                .isEqualTo("high");
        assertThat(byEffort.out()).contains("Compared along reasoning_effort: the configuration column holds its values");

        // each run its own judge's verdicts (once per --run): low judged right on q1, q4 (0.5); high on all four (1.0): +0.5
        Path judgedLow = dir.resolve("low.jsonl");
        Files.writeString(judgedLow, "{\"query_id\": \"q1\", \"correct\": \"yes\"}\n{\"query_id\": \"q2\", \"correct\": \"no\"}\n"
                + "{\"query_id\": \"q3\", \"correct\": \"no\"}\n{\"query_id\": \"q4\", \"correct\": \"yes\"}\n");
        Path judgedHigh = dir.resolve("high.jsonl");
        Files.writeString(judgedHigh, "{\"query_id\": \"q1\", \"correct\": \"yes\"}\n{\"query_id\": \"q2\", \"correct\": \"yes\"}\n"
                + "{\"query_id\": \"q3\", \"correct\": \"yes\"}\n{\"query_id\": \"q4\", \"correct\": \"yes\"}\n");
        Path judged = dir.resolve("judged");
        ok(BenchRun.of("agent", "compare", "--task", task.toString(), "--run", dir.resolve("xl").toString(), "--run",
                dir.resolve("xl-high").toString(), "--axis", "reasoning_effort", "--judgements", judgedLow.toString(), "--judgements",
                judgedHigh.toString(), "--bootstrap", "0", "--out", judged.toString()));
        JsonNode judgedReport = JSON.readTree(judged.resolve("report.json").toFile());
        assertThat(find(judgedReport.get("rows"), Map.of("configuration", "high", "language", "all")).get("accuracyDifference")
                .get("difference").asDouble()).isCloseTo(0.5, within(1e-12));
        BenchRun three = BenchRun.of("agent", "compare", "--task", task.toString(), "--run", dir.resolve("xl").toString(), "--run",
                dir.resolve("xl-high").toString(), "--axis", "reasoning_effort", "--judgements", judgedLow.toString(), "--judgements",
                judgedHigh.toString(), "--judgements", judgedHigh.toString());
        assertThat(three.code()).isNotZero();
        assertThat(three.err()).contains("--judgements given 3 times for 2 --run");
    }

    /** The shipped task's questions: text → {id, answer}; and evidence: id → family ids (docid after the language). */
    private final Map<String, String[]> questions = new HashMap<>();
    private final Map<String, java.util.Set<String>> evidence = new HashMap<>();

    private String[] questionIn(String text) {
        String[] found = null;
        for (Map.Entry<String, String[]> q : questions.entrySet()) {
            if (text.contains(q.getKey()) && (found == null || q.getKey().length() > found[2].length())) {
                found = new String[] {q.getValue()[0], q.getValue()[1], q.getKey()};
            }
        }
        assertThat(found).as("a question in " + text).isNotNull();
        return found;
    }

    /**
     * The scripted agent of the shipped task: translations echo "[LANG] text"; an oracle question is answered with its
     * gold answer, citing the first document of the prompt; a search question searches once with the question, then
     * answers the gold answer when the top result is evidence (else "unknown"), citing that top result.
     */
    private synchronized void handleShipped(HttpExchange exchange) throws IOException {
        try {
            scriptShipped(exchange);
        } catch (RuntimeException | AssertionError e) { // the test's own mistake, told to the client instead of a dropped connection
            byte[] bytes = ("{\"error\": " + JSON.valueToTree(String.valueOf(e)) + "}").getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(400, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        }
    }

    private void scriptShipped(HttpExchange exchange) throws IOException {
        String run = exchange.getRequestURI().getPath().split("/")[1];
        JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
        requests.computeIfAbsent(run, r -> new ArrayList<>()).add(body);
        JsonNode messages = body.path("messages");
        String reply;
        if (run.equals("translate")) {
            Matcher m = TRANSLATE.matcher(messages.get(0).path("content").asText());
            assertThat(m.find()).isTrue();
            reply = answer("[" + m.group(2) + "] " + messages.get(1).path("content").asText());
        } else if (!body.has("tools")) {
            String prompt = messages.get(0).path("content").asText();
            String[] q = questionIn(prompt);
            Matcher first = Pattern.compile("\\[([a-z]{2}/p\\d+)\\] ").matcher(prompt);
            assertThat(first.find()).isTrue();
            reply = answer("Explanation: it is in [" + first.group(1) + "].\nExact Answer: " + q[1] + "\nConfidence: 90%");
        } else {
            String question = messages.get(1).path("content").asText();
            if (messages.size() == 2) {
                reply = "{\"choices\":[{\"index\":0,\"finish_reason\":\"tool_calls\",\"message\":{\"role\":\"assistant\",\"content\":null,"
                        + "\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"search\",\"arguments\":"
                        + JSON.valueToTree(JSON.createObjectNode().put("query", question).toString()) + "}}]}}],\"usage\":{\"total_tokens\":10}}";
            } else {
                String[] q = questionIn(question);
                JsonNode hits = JSON.readTree(messages.get(3).path("content").asText());
                String top = hits.isEmpty() ? null : hits.get(0).path("docid").asText();
                boolean evidenceOnTop = top != null && evidence.get(q[0]).contains(top.substring(top.indexOf('/') + 1));
                reply = answer("Explanation: " + (top == null ? "nothing found" : "the top result [" + top + "]") + ".\nExact Answer: "
                        + (evidenceOnTop ? q[1] : "unknown") + "\nConfidence: 50%");
            }
        }
        send(exchange, reply);
    }

    private static void copy(Path from, Path to) throws IOException {
        try (var files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    @Test
    void theShippedTaskRunsTheSearchConfigurationsAndTheThreeOracleVariants() throws IOException {
        Path task = dir.resolve("xquad-agentic");
        copy(Path.of(System.getProperty("project.root", "..")).resolve("datasets/xquad-agentic"), task);
        for (String line : Files.readAllLines(task.resolve("queries.jsonl"))) {
            JsonNode q = JSON.readTree(line);
            questions.put(q.get("text").asText().strip(), new String[] {q.get("_id").asText(), q.get("answer").asText()});
        }
        for (String line : Files.readAllLines(task.resolve("qrels-evidence.tsv")).subList(1, 241)) {
            String[] f = line.split("\t");
            evidence.computeIfAbsent(f[0], k -> new java.util.HashSet<>()).add(f[1].substring(f[1].indexOf('/') + 1));
        }
        String base = start(this::handleShipped);

        // the shipped cross-lingual configuration stays; 240 questions and the prompt in each of its 11 languages translated
        String assignment = Files.readString(task.resolve("configurations/cross-lingual/query_lang_assignment.json"));
        ok(BenchRun.of("agent", "configure", "--task", task.toString(), "--config", "cross-lingual", "--oracle",
                "--translator", "openai", "--translator-base-url", base + "/translate/v1", "--translator-model", "tm"));
        assertThat(requests.get("translate")).hasSize(240 + 11);
        assertThat(Files.readString(task.resolve("configurations/cross-lingual/query_lang_assignment.json"))).isEqualTo(assignment);

        ok(llm(base + "/s-orig/v1", task, "original", "s-orig"));
        ok(llm(base + "/s-xl/v1", task, "cross-lingual", "s-xl"));
        for (String v : List.of("oracle", "en-oracle", "oracle-tq-tp")) {
            ok(llm(base + "/" + v + "/v1", task, "cross-lingual", v, "--oracle", v));
            assertThat(requests.get(v)).hasSize(240);
        }
        assertThat(requests.get("s-xl")).hasSize(480);

        // from the cross-lingual run files: a search answers right exactly when its top result is evidence; its one citation
        // (the top result) is then no error; otherwise an error, a mapping failure when any of its 5 results is evidence; a
        // search that found nothing cites nothing
        int right = 0;
        int nothing = 0;
        int mapping = 0;
        int noGold = 0;
        for (Map.Entry<String, java.util.Set<String>> e : evidence.entrySet()) {
            JsonNode file = JSON.readTree(dir.resolve("s-xl").resolve("run_" + e.getKey() + ".json").toFile());
            List<String> families = new ArrayList<>();
            file.get("retrieved_docids").forEach(d -> families.add(d.asText().substring(d.asText().indexOf('/') + 1)));
            if (families.isEmpty()) {
                nothing++;
            } else if (e.getValue().contains(families.get(0))) {
                right++;
            } else if (families.stream().anyMatch(e.getValue()::contains)) {
                mapping++;
            } else {
                noGold++;
            }
        }
        assertThat(right + nothing + mapping + noGold).isEqualTo(240);

        Path out = dir.resolve("study");
        ok(BenchRun.of("agent", "compare", "--task", task.toString(), "--run", dir.resolve("s-orig").toString(), "--run",
                dir.resolve("s-xl").toString(), "--run", dir.resolve("oracle").toString(), "--run", dir.resolve("en-oracle").toString(),
                "--run", dir.resolve("oracle-tq-tp").toString(), "--bootstrap", "200", "--out", out.toString()));
        JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
        JsonNode rows = report.get("decomposition").get("rows");
        // 3 components x (11 evidence languages + all)
        assertThat(rows).hasSize(36);
        JsonNode gap = find(rows, Map.of("component", "retrieval gap (Oracle − search)", "language", "all"));
        assertThat(gap.get("paired").asInt()).isEqualTo(240);
        assertThat(gap.get("accuracyA").asDouble()).isEqualTo(1.0);
        assertThat(gap.get("difference").asDouble()).isCloseTo(1.0 - right / 240.0, within(1e-12));
        assertThat(find(rows, Map.of("component", "agent-side loss (EN-Oracle − Oracle)", "language", "all")).get("difference")
                .asDouble()).isEqualTo(0.0);
        assertThat(find(rows, Map.of("component", "prompt-language effect (Oracle-TQ+TP − Oracle)", "language", "de")).get("paired")
                .asInt()).isEqualTo(22);
        JsonNode xl = find(find(report.get("citationErrors"), Map.of("run", "s-xl")).get("rows"), Map.of("language", "all"));
        assertCitations(xl, 240, 240 - nothing, (240 - nothing) / 240.0, 240 - nothing, mapping + noGold, mapping, noGold);
        // query_lang_assignment.json: ar 22, de 22, es 22, zh 21 -> high 87; el, hi, ro, ru, th, tr 22 each, vi 21 -> low 153
        JsonNode groups = find(report.get("resourceGroups"), Map.of("run", "s-xl")).get("groups");
        assertThat(find(groups, Map.of("name", "high")).get("queries").asInt()).isEqualTo(87);
        assertThat(find(groups, Map.of("name", "low")).get("queries").asInt()).isEqualTo(153);
        assertThat(find(report.get("resourceGroups"), Map.of("run", "s-xl")).get("differences")).hasSize(3);
    }

    @Test
    void badInputIsOneClearLineAndWritesNothing() throws IOException {
        Path task = task();
        String url = "http://127.0.0.1:9/v1"; // never reached: each of these fails before a completion
        BenchRun both = BenchRun.of("agent", "llm", "--run", "agent-1", "--task", task.toString(), "--config", "original", "--out",
                dir.resolve("x").toString(), "--base-url", url, "--model", "m");
        assertThat(both.code()).isNotZero();
        assertThat(both.err()).contains("give either --run ID");
        BenchRun neither = BenchRun.of("agent", "llm", "--base-url", url, "--model", "m");
        assertThat(neither.code()).isNotZero();
        assertThat(neither.err()).contains("give either --run ID");
        BenchRun variant = llm(url, task, "cross-lingual", "x", "--oracle", "gold");
        assertThat(variant.code()).isNotZero();
        assertThat(variant.err()).contains("unknown oracle variant 'gold'", "oracle-tq-tp");
        BenchRun missing = llm(url, task, "cross-lingual", "x", "--oracle", "oracle");
        assertThat(missing.code()).isNotZero();
        assertThat(missing.err()).contains("configurations/cross-lingual/oracle/oracle.json: no such file", "--oracle");
        BenchRun reserved = llm(url, task, "original", "x", "--agent-setting", "model=other");
        assertThat(reserved.code()).isNotZero();
        assertThat(reserved.err()).contains("--agent-setting 'model'");
        BenchRun tqWithoutTranslator = BenchRun.of("agent", "configure", "--task", task.toString(), "--config", "cross-lingual",
                "--oracle");
        assertThat(tqWithoutTranslator.code()).isNotZero();
        assertThat(tqWithoutTranslator.err()).contains("ORACLE-TQ+TP needs", "no translation provider");
        assertThat(task.resolve("configurations/cross-lingual/oracle")).doesNotExist();
        assertThat(dir.resolve("x")).doesNotExist();
    }

    private static void assertCitations(JsonNode row, int answers, int citing, double coverage, int cited, int errors, int mapping,
                                        int noGold) {
        assertThat(row.get("answers").asInt()).isEqualTo(answers);
        assertThat(row.get("citing").asInt()).isEqualTo(citing);
        assertThat(row.get("coverage").asDouble()).isCloseTo(coverage, within(1e-12));
        assertThat(row.get("cited").asInt()).isEqualTo(cited);
        assertThat(row.get("errors").asInt()).isEqualTo(errors);
        assertThat(row.get("mappingFailures").asInt()).isEqualTo(mapping);
        assertThat(row.get("noGoldRetrieved").asInt()).isEqualTo(noGold);
    }
}
