package io.clirbench.gateway.run;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.gateway.retriever.RetrieverPhase;
import io.clirbench.kafka.KafkaTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The runs page shows creation times to the second: a run stored with a nanosecond instant (as {@code Instant.now()}
 * writes it on Linux) reads {@code 2099-03-04 05:06:07Z} there, and no time on the page has a fraction of a second.
 * 2099: newer than every other test's runs (so on the first page), older than RunPagingTest's three of 2100, whose
 * places that test checks (the two tests share one database).
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class RunsPageTimesTest {

    @Inject
    RunSnapshotStore store;

    @Test
    void theRunsPageShowsCreationTimesToTheSecond() {
        String at = "2099-03-04T05:06:07.709977365Z";
        if (store.find("times-1").isEmpty()) {
            store.insert(new RunSnapshot("times-1", "times", "1", RunLifecycle.COMPLETED, 10, 42, 0,
                    List.of(new RunSnapshot.RetrieverSnapshot("bm25", RetrieverPhase.PUBLISHED, 9, 9, 9, 9, 9, 9, 9, null)),
                    new RunSnapshot.EvalServiceStatus("COMPLETED", null), null, at, at,
                    new RunSnapshot.Timings(null, null, null, null, null, null)), Map.of("dataset", "times"));
        }
        String page = given().accept("text/html").get("/").then().statusCode(200).extract().asString();
        assertThat(page).contains(">times-1</a>").contains("<td>2099-03-04 05:06:07Z</td>");
        assertThat(page).doesNotContainPattern("\\d\\d:\\d\\d:\\d\\d\\.\\d");
    }
}
