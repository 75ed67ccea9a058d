package io.clirbench.gateway.security;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.gateway.RawHttp;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.agent.McpHostileMessages;
import io.clirbench.gateway.dataset.HostileZips;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.Header;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * The battery of issue 12's "Hostile input and limits": every request below must get its 4xx as
 * {@code application/problem+json} naming the field (or, where there is no field, the thing
 * refused), with no file content, no path outside a dataset root and no stack trace in the body;
 * MCP messages (issue 28, {@link McpHostileMessages}) get their JSON-RPC error naming the field instead;
 * afterwards runs, datasets, QA datasets, index calls, the gateway's files and the agent run's calls are unchanged.
 * The table (request / expected / got) is printed and written to {@code target/hostile-requests.md}.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class HostileRequestsTest {

    private static final Header RUNNER = new Header("Authorization", "Bearer test-runner-token");
    private static final String JSON = "application/json";
    private static final String ZIP = "application/zip";

    Map<String, AtomicInteger> peerCounts;

    /**
     * One hostile request: what is sent and what must come back. {@code expect} is a field name, or text of the detail;
     * {@code rpcCode}, when not 0, the JSON-RPC error code of an MCP message (its {@code error.data.field} is
     * {@code expect}, which the message names; null: a message without a field).
     */
    private record Hostile(String name, String method, String path, String type, byte[] body, int status, String expect,
                           boolean isField, int rpcCode, String rawHead) {

        Hostile(String name, String method, String path, String type, byte[] body, int status, String expect, boolean isField,
                int rpcCode) {
            this(name, method, path, type, body, status, expect, isField, rpcCode, null);
        }

        Hostile(String name, String method, String path, String type, byte[] body, int status, String expect, boolean isField) {
            this(name, method, path, type, body, status, expect, isField, 0, null);
        }
    }

    private record Outcome(Hostile request, int status, String type, String got, boolean ok) {
    }

    @io.quarkus.test.common.http.TestHTTPResource("/api/runs")
    java.net.URI runsUri;

    /** A chunked JSON body (no Content-Length) could grow without bound in memory: refused before it is read. */
    @Test
    void aChunkedJsonBodyIsRefusedBeforeItIsRead() throws Exception {
        int runsBefore = given().header("Authorization", "Bearer test-runner-token").get("/api/runs").then().statusCode(200)
                .extract().jsonPath().getList("$").size();
        java.net.http.HttpClient client = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1).build();
        byte[] body = "{\"dataset\":\"d\",\"retrievers\":[\"bm25\"]}".getBytes(StandardCharsets.UTF_8);
        java.net.http.HttpResponse<String> r = client.send(java.net.http.HttpRequest.newBuilder(runsUri)
                .header("Authorization", "Bearer test-runner-token").header("Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body))).build(),
                java.net.http.HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/problem+json");
        assertThat(r.body()).contains("Content-Length").contains("\"body\"");
        assertThat(given().header("Authorization", "Bearer test-runner-token").get("/api/runs").then().statusCode(200)
                .extract().jsonPath().getList("$").size()).isEqualTo(runsBefore);
    }

    @Test
    void everyHostileRequestIsRefusedAndNothingChanges() throws Exception {
        Path root = Path.of("target").toAbsolutePath().toRealPath();
        Path work = Files.createTempDirectory(root, "hostile-");
        Path outside = Files.createTempDirectory("hostile-outside-").toRealPath(); // /tmp: no root
        Path outsideDataset = copy(TestDatasets.write("outside-ds"), outside.resolve("ds"));
        Path leaky = TestDatasets.write("leaky");
        Files.delete(Files.list(leaky).filter(p -> p.getFileName().toString().startsWith("corpus")).findFirst().orElseThrow());
        Files.createSymbolicLink(leaky.resolve("corpus.jsonl"), Path.of("/etc/passwd"));
        Path linkedDir = Files.createSymbolicLink(work.resolve("linked-dir"), outsideDataset);
        Path hugeLine = TestDatasets.write("huge-line");
        Files.delete(Files.list(hugeLine).filter(p -> p.getFileName().toString().startsWith("corpus")).findFirst().orElseThrow());
        writeHugeLine(hugeLine.resolve("corpus.jsonl.gz"), 5_000_000);
        Path plainFile = Files.writeString(work.resolve("a-file.txt"), "not a directory");
        TestDatasets.write("good-ds"); // a valid dataset nobody registers: the battery only refuses
        // issue 28, finding 5: registered, then a file replaced by a link leaving the roots (before the snapshot)
        Path linkedLater = TestDatasets.write("hostile-linked-later");
        given().header(RUNNER).contentType(JSON).body(Map.of("path", linkedLater.toString())).post("/api/datasets").then().statusCode(201);
        relink(linkedLater, "corpus", "corpus.jsonl");
        Path qaLinkedLater = io.clirbench.gateway.qa.TestQaDatasets.write("hostile-qa-linked-later",
                io.clirbench.gateway.qa.TestQaDatasets.sample(1));
        given().header(RUNNER).contentType(JSON).body(Map.of("path", qaLinkedLater.toString())).post("/api/qa-datasets").then().statusCode(201);
        relink(qaLinkedLater, "instances", "instances.jsonl");
        String revokedSession = revokedSession();
        String agentRun = openAgentRun(); // the MCP messages go to one of its questions; its call count must stay 0

        List<Hostile> battery = battery(root, work, outside, outsideDataset, leaky, linkedDir, hugeLine, plainFile);
        battery.addAll(secondPass(revokedSession));
        String mcp = "/mcp/" + agentRun + "/" + given().header(RUNNER).get("/api/agent-runs/" + agentRun + "?questions=true")
                .then().statusCode(200).extract().path("questions[0].queryId");
        for (McpHostileMessages.Case c : McpHostileMessages.all()) {
            battery.add(new Hostile(c.name(), "POST", mcp, JSON, c.body().getBytes(StandardCharsets.UTF_8), c.status(), c.field(),
                    true, c.code()));
        }
        assertThat(battery).hasSizeGreaterThanOrEqualTo(35);

        Snapshot before = snapshot(agentRun);
        List<Outcome> outcomes = new ArrayList<>();
        for (Hostile h : battery) {
            outcomes.add(send(h, outside));
        }
        Snapshot after = snapshot(agentRun);

        String table = table(outcomes, before.equals(after));
        System.out.println(table);
        if (!before.equals(after)) {
            System.out.println("before: " + before + "\nafter:  " + after);
        }
        Files.writeString(Path.of("target/hostile-requests.md"), table);
        assertThat(outcomes.stream().filter(o -> !o.ok()).map(o -> o.request().name() + " -> " + o.status() + " " + o.got()))
                .as("requests not refused as they should be").isEmpty();
        assertThat(after).as("state after the battery").isEqualTo(before);
    }

    private List<Hostile> battery(Path root, Path work, Path outside, Path outsideDataset, Path leaky, Path linkedDir,
                                  Path hugeLine, Path plainFile) throws Exception {
        List<Hostile> b = new ArrayList<>();
        // paths
        b.add(json("register a dataset outside every root", "/api/datasets", Map.of("path", outsideDataset.toString()), 400, "path"));
        b.add(json("register /etc", "/api/datasets", Map.of("path", "/etc"), 400, "path"));
        b.add(json("register with '..' out of a root", "/api/datasets",
                Map.of("path", root + "/../../../../../.." + outsideDataset), 400, "path"));
        b.add(json("register a symlinked directory leaving the root", "/api/datasets", Map.of("path", linkedDir.toString()), 400, "path"));
        b.add(json("register corpus.jsonl -> /etc/passwd", "/api/datasets", Map.of("path", leaky.toString()), 400, "path"));
        b.add(raw("register a path with NUL", "POST", "/api/datasets", JSON,
                "{\"path\":\"" + work + "/a\\u0000b\"}", 400, "path"));
        b.add(raw("register a path with a newline", "POST", "/api/datasets", JSON, "{\"path\":\"" + work + "/a\\nb\"}", 400, "path"));
        b.add(json("register a relative path", "/api/datasets", Map.of("path", "target/x"), 400, "path"));
        b.add(json("register a 5,000-character path", "/api/datasets", Map.of("path", "/" + "a".repeat(5000)), 400, "path"));
        b.add(json("register a missing directory under a root", "/api/datasets", Map.of("path", work + "/missing"), 400, "path"));
        b.add(json("register a file, not a directory", "/api/datasets", Map.of("path", plainFile.toString()), 400, "path"));
        b.add(json("register a 5 MB line in corpus.jsonl.gz", "/api/datasets", Map.of("path", hugeLine.toString()), 400,
                "corpus.jsonl.gz:2"));
        b.add(json("QA dataset outside every root", "/api/qa-datasets", Map.of("path", "/etc"), 400, "path"));
        b.add(json("agent run with a task outside every root", "/api/agent-runs",
                Map.of("task", outside.toString(), "configuration", "multilingual", "retriever", "bm25"), 400, "task"));
        // uploads
        b.add(zip("upload a zip bomb (200 MB in ~200 KB)", HostileZips.bomb(200_000_000), 413, "body"));
        b.add(zip("upload 20,000 entries", HostileZips.manyEntries(20_000), 413, "body"));
        b.add(zip("upload a duplicate entry", HostileZips.duplicate(), 400, "body"));
        b.add(zip("upload a symbolic-link entry", HostileZips.symlink(), 400, "body"));
        b.add(zip("upload a truncated zip", HostileZips.truncated(HostileZips.of(TestDatasets.write("cut"))), 400, "body"));
        b.add(zip("upload a non-UTF-8 entry name", HostileZips.nonUtf8Name(), 400, "body"));
        b.add(zip("upload an absolute entry name", HostileZips.named("x", "/etc/cron.d/evil"), 400, "body"));
        b.add(zip("upload a '..' entry name", HostileZips.named("x", "../../evil"), 400, "body"));
        b.add(zip("upload text that is no zip", "hello".getBytes(StandardCharsets.UTF_8), 400, "body"));
        b.add(zip("upload over gateway.upload.max-bytes", new byte[2_100_000], 413, "body"));
        // JSON bodies
        b.add(raw("depth of the wrong type", "POST", "/api/runs", JSON, "{\"dataset\":\"d\",\"retrievers\":[\"bm25\"],\"depth\":\"ten\"}", 400, "depth"));
        b.add(raw("fractional depth 10.7", "POST", "/api/runs", JSON, "{\"dataset\":\"d\",\"retrievers\":[\"bm25\"],\"depth\":10.7}", 400, "depth"));
        b.add(raw("repeated key depth", "POST", "/api/runs", JSON, "{\"dataset\":\"d\",\"retrievers\":[\"bm25\"],\"depth\":5,\"depth\":6}", 400, "depth"));
        b.add(raw("unknown field", "POST", "/api/runs", JSON, "{\"dataset\":\"d\",\"retrievers\":[\"bm25\"],\"deepth\":5}", 400, "deepth"));
        // the body ends where the first element of retrievers should be
        b.add(raw("malformed JSON (cut short)", "POST", "/api/runs", JSON, "{\"dataset\": \"d\", \"retrievers\": [", 400, "retrievers[0]"));
        b.add(raw("malformed JSON (bad token)", "POST", "/api/runs", JSON, "{\"dataset\": nope}", 400, "dataset"));
        b.add(raw("retrievers as a string", "POST", "/api/runs", JSON, "{\"dataset\":\"d\",\"retrievers\":\"bm25\"}", 400, "retrievers"));
        b.add(raw("dataset as a number", "POST", "/api/runs", JSON, "{\"dataset\":5,\"retrievers\":[\"bm25\"]}", 400, "dataset"));
        b.add(raw("seed as a boolean", "POST", "/api/runs", JSON, "{\"dataset\":\"d\",\"retrievers\":[\"bm25\"],\"seed\":true}", 400, "seed"));
        b.add(raw("retriever id as a number", "POST", "/api/runs", JSON, "{\"dataset\":\"d\",\"retrievers\":[7]}", 400, "retrievers[0]"));
        b.add(raw("a JSON array for an object", "POST", "/api/runs", JSON, "[1,2]", 400, "body"));
        b.add(raw("path of the wrong type", "POST", "/api/datasets", JSON, "{\"path\":5}", 400, "path"));
        b.add(raw("repeated key path", "POST", "/api/datasets", JSON, "{\"path\":\"/a\",\"path\":\"/b\"}", 400, "path"));
        b.add(raw("a JSON body over 1 MiB", "POST", "/api/runs", JSON,
                "{\"dataset\":\"" + "d".repeat(1_100_000) + "\",\"retrievers\":[\"bm25\"]}", 413, "body"));
        // limits and values
        b.add(json("bootstrap 2,147,483,647", "/api/runs", Map.of("dataset", "d", "retrievers", List.of("bm25"), "bootstrap", Integer.MAX_VALUE), 400, "bootstrap"));
        b.add(json("bootstrap 20,000,000", "/api/runs", Map.of("dataset", "d", "retrievers", List.of("bm25"), "bootstrap", 20_000_000), 400, "bootstrap"));
        b.add(json("bootstrap -1", "/api/runs", Map.of("dataset", "d", "retrievers", List.of("bm25"), "bootstrap", -1), 400, "bootstrap"));
        b.add(json("depth 0", "/api/runs", Map.of("dataset", "d", "retrievers", List.of("bm25"), "depth", 0), 400, "depth"));
        b.add(json("depth 1,000,000", "/api/runs", Map.of("dataset", "d", "retrievers", List.of("bm25"), "depth", 1_000_000), 400, "depth"));
        b.add(json("33 retrievers", "/api/runs", Map.of("dataset", "d", "retrievers",
                IntStream.range(0, 33).mapToObj(i -> "bm25").toList()), 400, "retrievers"));
        b.add(json("a 5,000-character retriever id", "/api/runs", Map.of("dataset", "d", "retrievers", List.of("x".repeat(5000))), 400, "retrievers[0]"));
        b.add(json("unknown dataset", "/api/runs", Map.of("dataset", "no-such-dataset", "retrievers", List.of("bm25")), 400, "dataset"));
        b.add(json("malformed retriever id", "/api/runs", Map.of("dataset", "d", "retrievers", List.of("bm25(")), 400, "retrievers[0]"));
        b.add(json("QA bootstrap 20,000,000", "/api/qa-runs", Map.of("dataset", "d", "systems", List.of("select:lexical"), "bootstrap", 20_000_000), 400, "bootstrap"));
        b.add(json("QA reader: a URL (the eval-service's)", "/api/qa-runs", Map.of("dataset", "d", "systems", List.of("select:lexical"),
                "reader", "http://127.0.0.1:8083/api/runs"), 400, "reader"));
        b.add(json("bad enum: QA protocol", "/api/qa-runs", Map.of("dataset", "d", "systems", List.of("select:lexical"), "protocol", "klingon"), 400, "protocol"));
        b.add(json("agent bootstrap 20,000,000", "/api/agent-runs", Map.of("task", "../datasets/xquad-agentic", "configuration",
                "multilingual", "retriever", "bm25", "bootstrap", 20_000_000), 400, "bootstrap"));
        b.add(raw("page limit 'abc'", "GET", "/api/runs?limit=abc", null, null, 400, "limit"));
        // unknown ids, routes, methods, media types
        b.add(detail("unknown run id", "GET", "/api/runs/no-such-run", null, null, 404, "no-such-run"));
        b.add(detail("cancel an unknown run", "POST", "/api/runs/no-such-run/cancel", "application/json", "{}".getBytes(StandardCharsets.UTF_8), 404, "no-such-run"));
        b.add(detail("unknown dataset id", "GET", "/api/datasets/no-such-dataset", null, null, 404, "no-such-dataset"));
        b.add(detail("method not allowed", "DELETE", "/api/datasets", null, null, 405, "Not Allowed"));
        b.add(detail("unsupported media type (text/plain)", "POST", "/api/runs", "text/plain", "dataset=d".getBytes(StandardCharsets.UTF_8), 415, "Content-Type"));
        b.add(detail("form post to a JSON endpoint", "POST", "/api/runs", "application/x-www-form-urlencoded",
                "dataset=d&retrievers=bm25".getBytes(StandardCharsets.UTF_8), 415, "Content-Type"));
        b.add(detail("unknown route", "GET", "/api/no-such-route", null, null, 404, "matching"));
        return b;
    }

    private Outcome send(Hostile h, Path outside) throws IOException {
        int status;
        String body;
        String type;
        if (h.rawHead() != null) {
            // written by hand over a socket: what no client library sends (no Host, a bad one, a body without a type)
            RawHttp.Answer a = RawHttp.send(runsUri, h.rawHead(), h.body());
            status = a.status();
            body = a.body();
            type = a.contentType();
        } else {
            RequestSpecification r = given().header(RUNNER);
            if (h.type() != null) {
                r = r.contentType(h.type());
            }
            if (h.body() != null) {
                // RestAssured encodes a form body only from a String
                r = h.type().startsWith("application/x-www-form-urlencoded") ? r.body(new String(h.body(), StandardCharsets.UTF_8))
                        : r.body(h.body());
            }
            Response response = r.request(h.method(), h.path());
            status = response.statusCode();
            body = response.asString();
            type = response.contentType() == null ? "" : response.contentType();
        }
        if (h.rpcCode() != 0) {
            return jsonRpcOutcome(h, status, type, body, outside);
        }
        boolean ok = status == h.status() && type.startsWith("application/problem+json") && !body.isEmpty();
        String got;
        if (ok) {
            com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(body);
            List<String> fields = new ArrayList<>();
            json.path("errors").forEach(e -> fields.add(e.path("field").asText(null)));
            String detail = json.path("detail").asText(null);
            got = fields.isEmpty() ? "detail: " + shorten(detail) : "field " + fields;
            ok = json.path("status").asInt() == h.status() && detail != null && !detail.isBlank()
                    && (h.isField() ? fields.contains(h.expect()) : detail.contains(h.expect()));
        } else {
            got = type + " " + shorten(body);
        }
        String dataDir = Path.of(ConfigProvider.getConfig().getValue("gateway.data-dir", String.class)).toAbsolutePath().toString();
        boolean leaks = body.contains("root:x:0") || body.contains(outside.toString()) || body.contains("\tat ")
                || body.contains("Exception:") || body.contains("/etc/passwd") || body.contains(dataDir);
        if (leaks) {
            got = "LEAK: " + shorten(body);
        }
        return new Outcome(h, status, type, got, ok && !leaks);
    }

    /**
     * Issue 28's second pass (findings 5 and 7): runs on a dataset and a QA dataset whose file became a link after
     * registration, a zip with a {@code dataset.json/} directory, a JSON body without Content-Type, a missing,
     * malformed Host on HTTP/1.1, and a sign-in cookie kept after signing out. (A bad port and a doubled Host are
     * {@code RawRequestsTest}'s: in this profile Quarkus' forwarding parser rewrites Host before any route.)
     */
    private List<Hostile> secondPass(String revokedSession) throws Exception {
        List<Hostile> b = new ArrayList<>();
        byte[] run = "{\"dataset\":\"hostile-linked-later\",\"retrievers\":[\"bm25\"],\"bootstrap\":0}".getBytes(StandardCharsets.UTF_8);
        b.add(detail("run after corpus.jsonl became a link to /etc/passwd", "POST", "/api/runs", JSON, run, 409,
                "corpus.jsonl: a symbolic link"));
        b.add(detail("QA run after instances.jsonl became a link to /etc/passwd", "POST", "/api/qa-runs", JSON,
                "{\"dataset\":\"hostile-qa-linked-later\",\"systems\":[\"select:lexical\"],\"bootstrap\":0}"
                        .getBytes(StandardCharsets.UTF_8), 409, "instances.jsonl: a symbolic link"));
        b.add(zip("upload a zip with a 'dataset.json/' directory", HostileZips.withDirectoryFor(TestDatasets.write("dir-entry"),
                "dataset.json"), 400, "body"));
        String host = "Host: localhost\r\n";
        byte[] json = "{\"dataset\":\"d\",\"retrievers\":[\"bm25\"]}".getBytes(StandardCharsets.UTF_8);
        b.add(socket("a JSON POST without Content-Type", "POST /api/runs HTTP/1.1\r\n" + host + RUNNER_LINE
                + "\r\nContent-Length: " + json.length, json, 415, "Content-Type"));
        b.add(socket("a dataset upload without Content-Type", "POST /api/datasets/upload HTTP/1.1\r\n" + host + RUNNER_LINE
                + "\r\nContent-Length: 5", "hello".getBytes(StandardCharsets.UTF_8), 415, "Content-Type"));
        b.add(socket("HTTP/1.1 without Host", "GET /api/runs HTTP/1.1\r\n" + RUNNER_LINE, null, 400, "Host"));
        b.add(socket("Host with a space", "GET /api/runs HTTP/1.1\r\nHost: bad host\r\n" + RUNNER_LINE, null, 400, "Host"));
        b.add(socket("Host with an unclosed IPv6 bracket", "GET /api/runs HTTP/1.1\r\nHost: [::1\r\n" + RUNNER_LINE, null, 400, "Host"));
        b.add(socket("Host of another site", "GET /api/runs HTTP/1.1\r\nHost: evil.example\r\n" + RUNNER_LINE, null, 421,
                "evil.example"));
        b.add(socket("a sign-in cookie kept after signing out", "GET /api/runs HTTP/1.1\r\n" + host
                + "Cookie: clirbench_session=" + revokedSession, null, 401, "token"));
        b.add(socket("the old cookie holding the token itself", "GET /api/runs HTTP/1.1\r\n" + host
                + "Cookie: clirbench_token=test-runner-token", null, 401, "token"));
        return b;
    }

    private static final String RUNNER_LINE = "Authorization: Bearer test-runner-token";

    private static Hostile socket(String name, String head, byte[] body, int status, String text) {
        return new Hostile(name, head.substring(0, head.indexOf(' ')), head.substring(head.indexOf(' ') + 1, head.indexOf(" HTTP/")),
                null, body, status, text, false, 0, head);
    }

    /** A session the runner token signed in, then signed out: its id is what a copied cookie would hold. */
    private static String revokedSession() {
        // RestAssured types a bodiless POST as a form unless told: JSON, as a browser's fetch sends none
        String session = given().header(RUNNER).contentType(JSON).post("/api/session").then().statusCode(200).extract()
                .cookie("clirbench_session");
        io.restassured.RestAssured.given().cookie("clirbench_session", session).contentType(JSON).delete("/api/session")
                .then().statusCode(204);
        return session;
    }

    /** Replaces the file {@code prefix*} of a registered directory by a link {@code name} -> /etc/passwd. */
    private static void relink(Path dir, String prefix, String name) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            Files.delete(files.filter(p -> p.getFileName().toString().startsWith(prefix)).findFirst().orElseThrow());
        }
        Files.createSymbolicLink(dir.resolve(name), Path.of("/etc/passwd"));
    }

    /** An MCP message's outcome: its HTTP status, a JSON-RPC error with the code, and the field named. */
    private static Outcome jsonRpcOutcome(Hostile h, int status, String type, String body, Path outside) {
        boolean ok = false;
        String got;
        try {
            com.fasterxml.jackson.databind.JsonNode error = new com.fasterxml.jackson.databind.ObjectMapper().readTree(body).path("error");
            String field = error.path("data").path("field").asText(null);
            String message = error.path("message").asText("");
            got = "JSON-RPC " + error.path("code").asInt() + (field == null ? " " + shorten(message) : " field " + field);
            ok = status == h.status() && type.startsWith("application/json") && error.path("code").asInt() == h.rpcCode()
                    && !message.isBlank() && (h.expect() == null ? field == null : h.expect().equals(field) && message.contains(field));
        } catch (IOException e) {
            got = type + " " + shorten(body);
        }
        if (body.contains(outside.toString()) || body.contains("\tat ") || body.contains("Exception")) {
            return new Outcome(h, status, type, "LEAK: " + shorten(body), false);
        }
        return new Outcome(h, status, type, got, ok);
    }

    private static String openAgentRun() {
        Path task = Path.of(System.getProperty("project.root", "..")).resolve("datasets/xquad-agentic").toAbsolutePath().normalize();
        return given().header(RUNNER).contentType(JSON).body(Map.of("task", task.toString(), "configuration", "multilingual",
                "retriever", "bm25", "bootstrap", 0)).post("/api/agent-runs").then().statusCode(201).extract().path("id");
    }

    private record Snapshot(String runs, String datasets, String qaDatasets, String qaRuns, int indexCalls,
                            Map<String, Long> files, int agentCalls) {
    }

    private Snapshot snapshot(String agentRun) throws IOException {
        Path data = Path.of(ConfigProvider.getConfig().getValue("gateway.data-dir", String.class));
        Map<String, Long> files = new TreeMap<>();
        if (Files.exists(data)) {
            try (Stream<Path> walk = Files.walk(data)) {
                walk.filter(p -> !data.relativize(p).toString().startsWith("db")).forEach(p -> files.put(
                        data.relativize(p).toString(), Files.isRegularFile(p) ? p.toFile().length() : -1));
            }
        }
        AtomicInteger calls = peerCounts.get(PeersResource.INDEX_CALLS);
        int agentCalls = given().header(RUNNER).get("/api/agent-runs/" + agentRun).then().statusCode(200).extract().path("calls");
        return new Snapshot(get("/api/runs"), get("/api/datasets"), get("/api/qa-datasets"), get("/api/qa-runs"),
                calls == null ? -1 : calls.get(), files, agentCalls);
    }

    private static String get(String path) {
        return given().header(RUNNER).get(path).then().statusCode(200).extract().asString();
    }

    private static String table(List<Outcome> outcomes, boolean unchanged) {
        StringBuilder sb = new StringBuilder("| # | hostile request | expected | got | rejected correctly |\n|---|---|---|---|---|\n");
        int i = 0;
        for (Outcome o : outcomes) {
            sb.append("| ").append(++i).append(" | ").append(o.request().name()).append(" | ").append(o.request().status())
                    .append(o.request().rpcCode() != 0 ? " JSON-RPC " + o.request().rpcCode()
                            + (o.request().expect() == null ? "" : " field " + o.request().expect())
                            : o.request().isField() ? " field " + o.request().expect() : " detail ~ " + o.request().expect())
                    .append(" | ").append(o.status()).append(' ').append(o.got().replace("|", "\\|")).append(" | ")
                    .append(o.ok() ? "yes" : "NO").append(" |\n");
        }
        long ok = outcomes.stream().filter(Outcome::ok).count();
        sb.append("\nhostile requests tried: ").append(outcomes.size()).append(" / rejected correctly: ").append(ok)
                .append(" / state unchanged (runs, datasets, QA datasets, QA runs, index calls, files, agent calls): ")
                .append(unchanged ? "yes" : "NO").append('\n');
        return sb.toString();
    }

    private static Hostile json(String name, String path, Map<String, ?> body, int status, String field) throws Exception {
        return new Hostile(name, "POST", path, JSON, new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsBytes(body),
                status, field, true);
    }

    private static Hostile raw(String name, String method, String path, String type, String body, int status, String field) {
        return new Hostile(name, method, path, type, body == null ? null : body.getBytes(StandardCharsets.UTF_8), status, field, true);
    }

    private static Hostile zip(String name, byte[] zip, int status, String field) {
        return new Hostile(name, "POST", "/api/datasets/upload", ZIP, zip, status, field, true);
    }

    private static Hostile detail(String name, String method, String path, String type, byte[] body, int status, String text) {
        return new Hostile(name, method, path, type, body, status, text, false);
    }

    private static String shorten(String s) {
        if (s == null) {
            return "null";
        }
        String one = s.replace('\n', ' ');
        return one.length() > 110 ? one.substring(0, 107) + "..." : one;
    }

    private static Path copy(Path from, Path to) throws IOException {
        Files.createDirectories(to);
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.toList()) {
                Files.copy(f, to.resolve(f.getFileName()));
            }
        }
        return to;
    }

    /** A corpus whose line 2 is {@code length} bytes of one JSON string, gzipped (a few KB). */
    private static void writeHugeLine(Path file, int length) throws IOException {
        byte[] block = new byte[1 << 16];
        Arrays.fill(block, (byte) 'a');
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write("{\"_id\":\"d1\",\"text\":\"a\",\"lang\":\"en\",\"family\":\"f\"}\n{\"_id\":\"d2\",\"text\":\""
                    .getBytes(StandardCharsets.UTF_8));
            for (int n = 0; n < length; n += block.length) {
                out.write(block);
            }
        }
    }

}
