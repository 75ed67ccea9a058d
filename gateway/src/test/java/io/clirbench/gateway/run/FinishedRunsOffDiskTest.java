package io.clirbench.gateway.run;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.clirbench.gateway.TestAuth;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.agent.AgentRunSpec;
import io.clirbench.gateway.agent.AgentRunStore;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.gateway.qa.TestQaDatasets;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A finished run is served from what was stored, whatever became of its files: for each pillar (retrieval, QA, agent)
 * a dataset or task is registered from a temporary directory under the {@code target} root, run to its end, its
 * directory deleted from disk, and then the run's page, report and files are fetched. The eval-service is the peers'
 * stand-in (its report.md / report.html name the run, so what a page shows is known beforehand); no answer names the
 * server's absolute path of the deleted directory.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class FinishedRunsOffDiskTest {

    private static final Path AGENT_TASK = Path.of(System.getProperty("project.root", "..")).resolve("datasets/xquad-agentic");

    @Inject
    AgentRunStore agentRuns;

    @Test
    void aRetrievalRunsPageReportAndFilesOutliveItsDataset() throws Exception {
        Path dir = TestDatasets.write("gone-retrieval");
        register("/api/datasets", dir);
        String id = TestRuns.submit("gone-retrieval", List.of("bm25"));
        awaitState(id, "COMPLETED");
        TestDatasets.deleteTree(dir);

        given().get("/api/runs/" + id).then().statusCode(200).body("state", equalTo("COMPLETED"));
        given().get("/runs/" + id).then().statusCode(200).body(containsString("<pre>" + PeersResource.REPORT_MD + id));
        given().get("/api/runs/" + id + "/report").then().statusCode(200).body("runId", equalTo(id));
        given().get("/api/runs/" + id + "/files/report.md").then().statusCode(200).body(equalTo(PeersResource.REPORT_MD + id));
        given().get("/").then().statusCode(200).body(containsString(id));
        // a new run of it is refused naming the directory under its root, not the server's path
        given().contentType(ContentType.JSON).body(Map.of("dataset", "gone-retrieval", "retrievers", List.of("bm25"), "bootstrap", 0))
                .post("/api/runs").then().statusCode(409).body("detail", containsString(TestDatasets.underRoot(dir)))
                .body("detail", not(containsString(dir.toString())));
    }

    @Test
    void aQaRunsPageReportAndFilesOutliveItsDataset() throws Exception {
        Path dir = TestQaDatasets.write("gone-qa", TestQaDatasets.sample(1));
        register("/api/qa-datasets", dir);
        String id = given().contentType(ContentType.JSON)
                .body(Map.of("dataset", "gone-qa", "systems", List.of("select:lexical"), "bootstrap", 0))
                .post("/api/qa-runs").then().statusCode(202).extract().path("id");
        TestRuns.await("/api/qa-runs/", id, "COMPLETED", run -> "COMPLETED".equals(run.getString("state")));
        TestDatasets.deleteTree(dir);

        given().get("/api/qa-runs/" + id).then().statusCode(200).body("state", equalTo("COMPLETED"));
        given().get("/qa-runs/" + id).then().statusCode(200).body(containsString(PeersResource.REPORT_HTML + id));
        given().get("/api/qa-runs/" + id + "/report").then().statusCode(200).body("runId", equalTo(id));
        given().get("/api/qa-runs/" + id + "/files/report.md").then().statusCode(200)
                .body(equalTo(PeersResource.REPORT_MD + id));
    }

    @Test
    void aClosedAgentRunsPageAndFilesOutliveItsTaskAndReadersFetchTheFiles() throws Exception {
        Path task = copyOfTheAgentTask();
        String id = given().contentType(ContentType.JSON).body(Map.of("task", task.toString(), "configuration", "multilingual",
                        "retriever", "bm25", "k", 2, "bootstrap", 0))
                .post("/api/agent-runs").then().statusCode(201).extract().path("id");
        List<String> questions = given().get("/api/agent-runs/" + id + "?questions=true").then().statusCode(200)
                .extract().path("questions.queryId");
        given().contentType(ContentType.JSON).body(Map.of("queryId", questions.get(0), "query", "Broncos"))
                .post("/api/agent-runs/" + id + "/search").then().statusCode(200);
        given().contentType(ContentType.JSON).body(Map.of("queryId", questions.get(0), "text", "Exact Answer: Denver"))
                .post("/api/agent-runs/" + id + "/answers").then().statusCode(201);
        given().contentType(ContentType.JSON).body("{}").post("/api/agent-runs/" + id + "/close").then().statusCode(200);
        TestDatasets.deleteTree(task);
        PeersResource.EVALUATED_AGENT_RUNS.add(id);

        given().get("/api/agent-runs/" + id).then().statusCode(200).body("state", equalTo("CLOSED"))
                .body("queries", equalTo(questions.size())).body("calls", equalTo(1)).body("answers", equalTo(1));
        String page = given().get("/agent-runs/" + id).then().statusCode(200).extract().asString();
        assertThat(page).contains(PeersResource.REPORT_HTML + id).contains("<td id=\"state\">CLOSED</td>")
                .contains("<td id=\"calls\">1</td>").contains("<td id=\"answers\">1</td>")
                .contains("<td id=\"eval\">COMPLETED: 0 calls, 0 answers received</td>").doesNotContain("http-equiv=\"refresh\"");
        given().contentType(ContentType.JSON).body(Map.of("queryId", questions.get(1), "query", "Broncos"))
                .post("/api/agent-runs/" + id + "/search").then().statusCode(409).body("detail", equalTo("agent run '" + id + "' is closed"));

        // the files, with the reader token; refused without one
        List<String> names = reader().get("/api/agent-runs/" + id + "/files").then().statusCode(200).extract().path("$");
        assertThat(names).isEqualTo(PeersResource.agentFiles(id));
        for (String name : names) {
            String body = reader().get("/api/agent-runs/" + id + "/files/" + name).then().statusCode(200).extract().asString();
            switch (name) {
                case "report.html" -> assertThat(body).contains(PeersResource.REPORT_HTML + id);
                case "report.md" -> assertThat(body).isEqualTo(PeersResource.REPORT_MD + id);
                default -> assertThat(body).as(name).isEqualTo(PeersResource.agentFile(id, name));
            }
        }
        RestAssured.given().get("/api/agent-runs/" + id + "/files/report.json").then().statusCode(401);
        RestAssured.given().get("/api/agent-runs/" + id + "/files").then().statusCode(401);
        reader().get("/api/agent-runs/" + id + "/files/secrets.txt").then().statusCode(400)
                .body("errors[0].field", equalTo("name")).body("errors[0].value", equalTo("secrets.txt"));
        reader().get("/api/agent-runs/agent-nope/files").then().statusCode(404);
    }

    @Test
    void anOpenAgentRunWhoseTaskIsGoneIsRefusedNamingTheTaskNotItsPath() throws Exception {
        Path gone = Files.createTempDirectory(Path.of("target"), "gone-task-").toAbsolutePath().resolve("task");
        String id = "agent-stale-" + System.nanoTime();
        agentRuns.insert(new AgentRunSpec(id, "xquad-agentic", gone.toString(), "multilingual", "bm25", 2, 512, 0, "agent",
                System.currentTimeMillis()), 3);
        given().get("/api/agent-runs/" + id).then().statusCode(409)
                .body("detail", containsString("its task 'xquad-agentic' cannot be read any more"))
                .body("detail", containsString(TestDatasets.underRoot(gone)))
                .body("detail", not(containsString(gone.toString())));
        given().get("/agent-runs/" + id).then().statusCode(409).body("detail", not(containsString(gone.toString())));
    }

    private static void register(String collection, Path dir) {
        given().contentType(ContentType.JSON).body(Map.of("path", dir.toString())).post(collection).then().statusCode(201);
    }

    private static RequestSpecification reader() {
        return RestAssured.given().header("Authorization", "Bearer " + TestAuth.READER_TOKEN);
    }

    private static void awaitState(String id, String state) {
        TestRuns.awaitState(id, state);
    }

    /** xquad-agentic copied to a new temporary directory under the {@code target} root. */
    private static Path copyOfTheAgentTask() throws Exception {
        Path target = Files.createTempDirectory(Path.of("target"), "gone-agent-").toAbsolutePath().resolve("task");
        try (Stream<Path> files = Files.walk(AGENT_TASK)) {
            for (Path p : files.toList()) {
                Files.copy(p, target.resolve(AGENT_TASK.relativize(p).toString()));
            }
        }
        return target;
    }
}
