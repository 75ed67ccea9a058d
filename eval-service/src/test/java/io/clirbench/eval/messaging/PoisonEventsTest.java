package io.clirbench.eval.messaging;

import static io.clirbench.eval.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.run.RankedList;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.Hit;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunStarted;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;

/** Poison events go to <topic>.dlt with a "reason" header naming the bad value, and nothing is stored for them. */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class PoisonEventsTest {

    private final EvalFixture fixture = EvalFixture.get();

    @Test
    void badQueryResultsGoToTheDeadLetterTopicWithTheirReason() {
        String runId = "poison-" + UUID.randomUUID();
        String retriever = EvalFixture.RETRIEVERS.get(0);
        RankedList good = fixture.lists.get(retriever).get(0);
        QueryResult unknownQuery = EvalFixture.result(runId, retriever, new RankedList("no-such-query-42", good.docIds(), good.scores()));
        QueryResult duplicateDocs = QueryResult.newBuilder().setRunId(runId).setRetrieverId(retriever)
                .setQueryId(fixture.lists.get(retriever).get(2).queryId()).addHits(Hit.newBuilder().setDocId("p000-en").setScore(1)).addHits(Hit.newBuilder().setDocId("p000-en").setScore(2))
                .build();
        QueryResult undeclared = EvalFixture.result(runId, "e5-small-v2/hnsw", good);
        QueryResult valid = EvalFixture.result(runId, retriever, good);
        QueryResult conflicting = valid.toBuilder().setHits(0, valid.getHits(0).toBuilder().setScore(99)).build();
        String garbageKey = "garbage-" + runId;
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "query-results.v1", garbageKey, new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, 0x01});
            // before RunStarted: the misfit is stored raw, then dead-lettered when RunStarted arrives
            TestKafka.send(producer, "query-results.v1", runId, unknownQuery.toByteArray());
            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(fixture.started(runId)));
            TestKafka.send(producer, "query-results.v1", runId, duplicateDocs.toByteArray());
            TestKafka.send(producer, "query-results.v1", runId, undeclared.toByteArray());
            TestKafka.send(producer, "query-results.v1", runId, valid.toByteArray());
            TestKafka.send(producer, "query-results.v1", runId, conflicting.toByteArray());
        }
        List<TestKafka.DeadLetter> letters = TestKafka.deadLetters("query-results.v1.dlt",
                l -> runId.equals(l.key()) || garbageKey.equals(l.key()), 5);
        assertThat(letters).extracting(TestKafka.DeadLetter::reason).hasSize(5).satisfiesExactlyInAnyOrder(
                r -> assertThat(r).contains("unparseable QueryResult"),
                r -> assertThat(r).contains("unknown query id 'no-such-query-42'"),
                r -> assertThat(r).contains("duplicate doc id 'p000-en'"),
                r -> assertThat(r).contains("retriever 'e5-small-v2/hnsw' is not declared"),
                r -> assertThat(r).contains("conflicting duplicate").contains(valid.getQueryId()));
        assertThat(letters.stream().filter(l -> garbageKey.equals(l.key())).findFirst().orElseThrow().value())
                .containsExactly((byte) 0xff, (byte) 0xff, (byte) 0xff, 0x01);

        String base = "/api/runs/" + runId + "/retrievers/" + retriever + "/queries/";
        given().get(base + "no-such-query-42").then().statusCode(404);
        given().get(base + duplicateDocs.getQueryId()).then().statusCode(404);
        given().get("/api/runs/" + runId + "/retrievers/e5-small-v2/hnsw/queries/" + good.queryId()).then().statusCode(404);
        given().get("/api/runs/" + garbageKey).then().statusCode(404);
        // the valid one is stored with its first hits, not the conflicting score
        given().get(base + valid.getQueryId()).then().statusCode(200);
        assertThat(given().get("/api/runs/" + runId).jsonPath().getList("retrievers.received", Integer.class))
                .containsExactly(1, 0);
    }

    @Test
    void runStartedNamingAnotherDatasetVersionGoesToTheDeadLetterTopic() {
        String runId = "wrong-version-" + UUID.randomUUID();
        RunStarted started = fixture.started(runId).toBuilder().setDatasetVersion("9.9-not-there").build();
        RunStarted noRetrievers = fixture.started(runId + "-b").toBuilder().clearRetrievers().build();
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(started));
            TestKafka.send(producer, "runs.v1", runId + "-b", EvalFixture.event(noRetrievers));
        }
        List<TestKafka.DeadLetter> letters = TestKafka.deadLetters("runs.v1.dlt", l -> l.key() != null && l.key().startsWith(runId), 2);
        assertThat(letters).extracting(TestKafka.DeadLetter::reason).satisfiesExactlyInAnyOrder(
                r -> assertThat(r).contains("version '9.9-not-there'").contains(fixture.datasetDir.toString()),
                r -> assertThat(r).contains("no retrievers"));
        given().get("/api/runs/" + runId).then().statusCode(404);
        given().get("/api/runs/" + runId + "-b").then().statusCode(404);
    }
}
