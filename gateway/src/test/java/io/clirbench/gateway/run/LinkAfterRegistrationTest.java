package io.clirbench.gateway.run;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.gateway.ReadWitness;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.gateway.qa.TestQaDatasets;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, finding 5: a registered dataset's file replaced by a symbolic link to a file outside the roots after
 * registration. The run is refused (409 problem+json naming the file and the link), and the file the link leads to is
 * never read: its access time ({@link ReadWitness}) stays where the test set it. Before the fix the gateway hashed
 * the linked file to find the mismatch, which moved its access time.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class LinkAfterRegistrationTest {

    @Test
    void aCorpusLinkedOutAfterRegistrationRefusesTheRunWithoutReadingTheTarget() throws Exception {
        Path dir = TestDatasets.write("linked-later");
        given().contentType(ContentType.JSON).body(Map.of("path", dir.toString())).post("/api/datasets").then().statusCode(201);
        ReadWitness outside = ReadWitness.create("root:x:0:0:root:/root:/bin/bash\n");
        replaceWithLink(dir, "corpus", "corpus.jsonl", outside.file());

        Response r = given().contentType(ContentType.JSON)
                .body(Map.of("dataset", "linked-later", "retrievers", List.of("bm25"), "bootstrap", 0)).post("/api/runs");
        assertRefusal(r, "corpus.jsonl", outside);
        // the summary is served from the registration, as before; still nothing read outside
        given().get("/api/datasets/linked-later").then().statusCode(200);
        assertThat(outside.wasRead()).as("the link's target was read").isFalse();
    }

    @Test
    void aQaDatasetLinkedOutAfterRegistrationRefusesTheRunWithoutReadingTheTarget() throws Exception {
        Path dir = TestQaDatasets.write("qa-linked-later", TestQaDatasets.sample(1));
        given().contentType(ContentType.JSON).body(Map.of("path", dir.toString())).post("/api/qa-datasets").then().statusCode(201);
        ReadWitness outside = ReadWitness.create("{\"id\":\"x\"}\n");
        replaceWithLink(dir, "instances", "instances.jsonl", outside.file());

        Response r = given().contentType(ContentType.JSON)
                .body(Map.of("dataset", "qa-linked-later", "systems", List.of("select:lexical"), "bootstrap", 0)).post("/api/qa-runs");
        assertRefusal(r, "instances.jsonl", outside);
    }

    private static void assertRefusal(Response r, String file, ReadWitness outside) throws Exception {
        String body = r.asString();
        assertThat(r.statusCode()).as(body).isEqualTo(409);
        assertThat(r.contentType()).startsWith("application/problem+json");
        assertThat(r.jsonPath().getString("detail")).contains(file + ": a symbolic link").doesNotContain(outside.file().toString())
                .doesNotContain(Path.of("target").toRealPath().toString());
        assertThat(body).doesNotContain("root:x:0");
        assertThat(outside.wasRead()).as("the link's target was read").isFalse();
    }

    /** Deletes the file named {@code prefix*} (plain or gzipped) and puts a link {@code name} -> {@code target} there. */
    private static void replaceWithLink(Path dir, String prefix, String name, Path target) throws Exception {
        try (Stream<Path> files = Files.list(dir)) {
            Files.delete(files.filter(p -> p.getFileName().toString().startsWith(prefix)).findFirst().orElseThrow());
        }
        Files.createSymbolicLink(dir.resolve(name), target);
    }
}
