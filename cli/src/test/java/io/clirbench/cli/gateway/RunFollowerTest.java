package io.clirbench.cli.gateway;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The progress bar shows the count inside the working retriever's phase (the gateway's progress fields, gateway README). */
class RunFollowerTest {

    @Test
    void theWorkingRetrieverShowsItsCountAndTheBarMovesWithIt() throws Exception {
        JsonNode run = new ObjectMapper().readTree("""
                {"state": "RUNNING", "retrievers": [
                  {"id": "bm25", "state": "PUBLISHED", "documents": 100, "documentsEmbedded": 100, "queries": 10,
                   "queriesEmbedded": 0, "queriesSearched": 10, "queriesPublished": 10,
                   "typedId": {"id": "bm25", "kind": "bm25", "models": [], "embedsCorpus": false},
                   "progress": {"done": 10, "total": 10, "unit": "queries", "text": "published 10 / 10 queries"}},
                  {"id": "all-minilm-l6-v2/exact", "state": "EMBEDDING", "documents": 100, "documentsEmbedded": 40,
                   "queries": 10, "queriesEmbedded": 0, "queriesSearched": 0, "queriesPublished": 0,
                   "typedId": {"id": "all-minilm-l6-v2/exact", "kind": "dense", "models": ["all-minilm-l6-v2"], "embedsCorpus": true},
                   "progress": {"done": 40, "total": 100, "unit": "texts", "text": "embedded 40 / 100 document texts"}}]}
                """);
        String line = RunFollower.line(run, "RUNNING", RunFollower.fraction(run));
        assertThat(line).contains("bm25 published · all-minilm-l6-v2/exact embedded 40 / 100 document texts");
        // done: bm25 10 searched + 10 published; dense 40 documents embedded = 60 of 2*10 + 2*10 + 100 + 10 = 150
        // bar = 0.9 * 60/150 = 0.36
        assertThat(RunFollower.fraction(run)).isEqualTo(0.9 * 60 / 150, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(line).contains(" 36% running");
    }

    @Test
    void aRunWaitingInTheGatewaysLineShowsItsPlaceUntilItStarts() throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode waiting = json.readTree("""
                {"state": "QUEUED", "queue": {"position": 2, "length": 3}, "retrievers": [
                  {"id": "bm25", "state": "QUEUED", "documents": 100, "queries": 10,
                   "progress": {"done": 0, "total": 0, "unit": null, "text": "queued"}}]}
                """);
        assertThat(RunFollower.line(waiting, "QUEUED", RunFollower.fraction(waiting))).isEqualTo("queued: position 2 of 3");
        assertThat(RunFollower.queued(waiting)).isEqualTo("queued: position 2 of 3");
        // started: the place is gone (the gateway sends no queue), the bar is back
        JsonNode started = json.readTree("""
                {"state": "RUNNING", "queue": null, "retrievers": [
                  {"id": "bm25", "state": "RUNNING", "documents": 100, "queries": 10,
                   "progress": {"done": 0, "total": 0, "unit": null, "text": "starting"}}]}
                """);
        assertThat(RunFollower.queued(started)).isEmpty();
        assertThat(RunFollower.line(started, "RUNNING", 0)).startsWith("[---").contains("running  bm25 starting");
    }
    @Test
    void whetherARetrieverEmbedsTheCorpusIsWhatItsTypedIdSays() throws Exception {
        ObjectMapper json = new ObjectMapper();
        // the gateway's parsed id says it; the CLI reads it (the id text is not parsed here)
        assertThat(RunFollower.embedsCorpus(json.readTree("""
                {"id": "x", "documents": 100, "typedId": {"id": "x", "kind": "dense", "models": ["m"], "embedsCorpus": true}}
                """))).isTrue();
        assertThat(RunFollower.embedsCorpus(json.readTree("""
                {"id": "m/exact", "documents": 100, "documentsEmbedded": 7,
                 "typedId": {"id": "m/exact", "kind": "k", "models": [], "embedsCorpus": false}}
                """))).isFalse();
        // a run stored before typed ids: it embeds when the gateway counts embedded texts for it
        assertThat(RunFollower.embedsCorpus(json.readTree("{\"id\": \"random(7)\", \"documents\": 100}"))).isFalse();
        assertThat(RunFollower.embedsCorpus(json.readTree("{\"id\": \"random(7)\", \"documents\": 100, \"documentsEmbedded\": 3}")))
                .isTrue();
        JsonNode run = json.readTree("""
                {"state": "RUNNING", "retrievers": [
                  {"id": "random(7)", "state": "SEARCHING", "documents": 100, "documentsEmbedded": 0, "queries": 10,
                   "queriesEmbedded": 0, "queriesSearched": 5, "queriesPublished": 5,
                   "progress": {"done": 5, "total": 10, "unit": "queries", "text": "published 5 / 10 queries"}},
                  {"id": "translate(bm25)", "state": "QUEUED", "documents": 100, "queries": 10}]}
                """);
        // done 5 + 5 of 2*10 + 2*10 = 40 (neither embeds); bar = 0.9 * 10/40 = 0.225
        assertThat(RunFollower.fraction(run)).isEqualTo(0.9 * 10 / 40, org.assertj.core.api.Assertions.within(1e-12));
        assertThat(RunFollower.line(run, "RUNNING", RunFollower.fraction(run))).contains("random(7) published 5 / 10 queries");
    }

    /**
     * A gateway that restarts: nothing listens on its port for a while (connection refused), then it answers with the
     * resumed run. The follower says once that the gateway does not answer, keeps following, and returns the run.
     */
    @Test
    void aGatewayThatDoesNotAnswerForAWhileIsFollowedAcrossItsRestart() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String done = "{\"state\": \"COMPLETED\", \"message\": \"resumed after a gateway restart at 2026-01-01T00:00:00Z\","
                + " \"retrievers\": []}";
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        GatewayClient gateway = new GatewayClient("http://127.0.0.1:" + port, "t");
        java.util.concurrent.CompletableFuture<JsonNode> followed = java.util.concurrent.CompletableFuture.supplyAsync(() ->
                new RunFollower(gateway, new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8), false)
                        .follow("r1", java.time.Duration.ofSeconds(30)));
        Thread.sleep(1500); // a few polls refused (creating the server binds the port: only now)
        com.sun.net.httpserver.HttpServer server = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/", ex -> {
            byte[] body = done.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            ex.getResponseHeaders().add("Content-Type", "application/json");
            ex.sendResponseHeaders(200, body.length);
            ex.getResponseBody().write(body);
            ex.close();
        });
        server.start();
        try {
            JsonNode run = followed.get(30, java.util.concurrent.TimeUnit.SECONDS);
            assertThat(run.path("state").asText()).isEqualTo("COMPLETED");
            String text = out.toString(java.nio.charset.StandardCharsets.UTF_8);
            assertThat(text).contains("gateway not answering (cannot reach the gateway at http://127.0.0.1:" + port)
                    .contains("still following run r1");
            assertThat(text.split("gateway not answering", -1)).as("said once").hasSize(2);
        } finally {
            server.stop(0);
        }
    }
}
