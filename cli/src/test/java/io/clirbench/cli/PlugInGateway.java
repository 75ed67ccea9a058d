package io.clirbench.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.eval.RetrievalEvaluation;
import io.clirbench.core.eval.ReportMeasures;
import io.clirbench.core.eval.RunEvaluation;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.format.trec.TrecRunWriter;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.report.ReportBundle;
import io.clirbench.core.run.RandomRun;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.stats.Stats;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.search.RetrieverIdException;
import io.clirbench.core.testing.RandomRetrieverKind;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A stand-in of the gateway's HTTP API for the CLI's tests of a plug-in retriever kind, holding the kind the way the
 * gateway's RetrieverPlugInTest does: {@code random(SEED)} ({@link RandomRetrieverKind}: bench-core's seeded random
 * baseline, {@link RandomRun}) registered in the built-in grammar. A run's lists come from that baseline, its report
 * files from the evaluation the eval-service runs (bench-core {@link RetrievalEvaluation}, {@link ReportBundle}); the
 * first look at a run shows it RUNNING half-way, every later one COMPLETED. It answers what {@code bench run},
 * {@code bench report} and {@code bench repro} ask: dataset registration, run submission and JSON, report files, TREC
 * runs. Ids this grammar refuses get the gateway's 400 problem naming the value. {@code POST /api/runs/ID/reevaluate}
 * answers as the gateway does: a COMPLETED run is EVALUATING again (202, then one look EVALUATING, then COMPLETED with
 * the same report), a run in another state a 409 problem naming it, an unknown run a 404.
 */
final class PlugInGateway implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private record Run(String id, List<String> retrievers, int queries, int documents, Map<String, String> files,
                       Map<String, List<RankedList>> lists, AtomicInteger looks, AtomicInteger reevaluating) {
    }

    private final HttpServer server;
    private final Map<String, Dataset> datasets = new ConcurrentHashMap<>();
    private final Map<String, Run> runs = new ConcurrentHashMap<>();
    private final AtomicInteger next = new AtomicInteger();

    PlugInGateway() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/api/", this::handle);
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    /** The lists a run's retriever published. */
    List<RankedList> lists(String runId, String retriever) {
        return runs.get(runId).lists().get(retriever);
    }

    private void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            String method = exchange.getRequestMethod();
            if (method.equals("POST") && path.equals("/api/datasets")) {
                Dataset d = DatasetReader.read(Path.of(body(exchange).path("path").asText()));
                datasets.put(d.info().id(), d);
                send(exchange, 200, JSON.createObjectNode().put("id", d.info().id()).toString());
            } else if (method.equals("POST") && path.equals("/api/runs")) {
                submit(exchange, body(exchange));
            } else if (method.equals("POST") && path.matches("/api/runs/[^/]+/reevaluate")) {
                reevaluate(exchange, runs.get(path.split("/")[3]), path.split("/")[3]);
            } else if (path.matches("/api/runs/[^/]+")) {
                Run run = runs.get(path.substring("/api/runs/".length()));
                if (run.reevaluating().getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
                    send(exchange, 200, runJson(run, false).put("state", "EVALUATING").toString());
                    return;
                }
                send(exchange, 200, runJson(run, run.looks().getAndIncrement() == 0).toString());
            } else if (path.matches("/api/runs/[^/]+/files/.+")) {
                String[] parts = path.split("/", 6);
                String content = runs.get(parts[3]).files().get(parts[5]);
                send(exchange, content == null ? 404 : 200, content == null ? problem(404, "no file " + parts[5]) : content);
            } else if (path.matches("/api/runs/[^/]+/trec")) {
                String retriever = URLDecoder.decode(exchange.getRequestURI().getRawQuery().substring("retriever=".length()),
                        StandardCharsets.UTF_8);
                send(exchange, 200, TrecRunWriter.toText(lists(path.split("/")[3], retriever), retriever));
            } else {
                send(exchange, 404, problem(404, "not served by this stand-in: " + method + " " + path));
            }
        }
    }

    private static void reevaluate(HttpExchange exchange, Run run, String id) throws IOException {
        if (run == null) {
            send(exchange, 404, problem(404, "no run '" + id + "'"));
        } else if (run.looks().get() == 0 || run.reevaluating().get() > 0) {
            String state = run.reevaluating().get() > 0 ? "EVALUATING" : "RUNNING";
            send(exchange, 409, problem(409, "run '" + id + "' is " + state + "; only a COMPLETED or FAILED run can be evaluated again"));
        } else {
            run.reevaluating().set(1); // one look EVALUATING, then COMPLETED again
            send(exchange, 202, runJson(run, false).put("state", "EVALUATING").toString());
        }
    }

    private void submit(HttpExchange exchange, JsonNode request) throws IOException {
        Dataset dataset = datasets.get(request.path("dataset").asText());
        int depth = request.path("depth").asInt();
        long seed = request.path("seed").asLong();
        List<String> ids = new ArrayList<>();
        Map<String, List<RankedList>> lists = new LinkedHashMap<>();
        for (JsonNode r : request.path("retrievers")) {
            RetrieverId id;
            try {
                id = RandomRetrieverKind.grammar().parse(r.asText());
            } catch (RetrieverIdException e) {
                send(exchange, 400, problem(400, e.getMessage()));
                return;
            }
            if (!(id instanceof RandomRetrieverKind.RandomId random)) {
                send(exchange, 400, problem(400, "this stand-in runs only random(SEED), not '" + id + "'"));
                return;
            }
            List<RankedList> published = new ArrayList<>();
            RandomRun.generate(dataset, depth, random.seed(), published::add);
            ids.add(id.id());
            lists.put(id.id(), published);
        }
        RunEvaluator evaluator = RunEvaluator.forDataset(dataset, ReportMeasures.STANDARD,
                LanguageMetricsConfig.defaults(depth).withSeed(seed), List.of());
        List<RunEvaluation> evaluations = new ArrayList<>();
        lists.forEach((id, l) -> evaluations.add(evaluator.evaluate(id, "stand-in run", l)));
        Map<String, String> files = ReportBundle.render(RetrievalEvaluation.evaluate(dataset, evaluator, evaluations, depth,
                new Stats(request.path("bootstrap").asInt(), seed), line -> { }));
        Run run = new Run("run-" + next.incrementAndGet(), ids, dataset.queries().size(), dataset.corpus().size(), files, lists,
                new AtomicInteger(), new AtomicInteger());
        runs.put(run.id(), run);
        ObjectNode queued = runJson(run, true).put("state", "QUEUED");
        send(exchange, 201, queued.toString());
    }

    private static ObjectNode runJson(Run run, boolean halfWay) {
        ObjectNode json = JSON.createObjectNode().put("id", run.id()).put("state", halfWay ? "RUNNING" : "COMPLETED")
                .put("message", "");
        ArrayNode retrievers = json.putArray("retrievers");
        int done = halfWay ? run.queries() / 2 : run.queries();
        for (String id : run.retrievers()) {
            ObjectNode r = retrievers.addObject().put("id", id).put("state", halfWay ? "SEARCHING" : "PUBLISHED")
                    .put("documents", run.documents()).put("documentsEmbedded", 0).put("queries", run.queries())
                    .put("queriesEmbedded", 0).put("queriesSearched", done).put("queriesPublished", done);
            r.putObject("progress").put("text", "published " + done + " / " + run.queries() + " queries");
        }
        return json;
    }

    private static JsonNode body(HttpExchange exchange) throws IOException {
        return JSON.readTree(exchange.getRequestBody());
    }

    private static String problem(int status, String detail) {
        return JSON.createObjectNode().put("status", status).put("detail", detail).toString();
    }

    private static void send(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
