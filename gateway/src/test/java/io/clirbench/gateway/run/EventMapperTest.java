package io.clirbench.gateway.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.IndexKind;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunCompleted;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** events.v1 messages from domain values, fields written out by hand. */
class EventMapperTest {

    @Test
    void retrieversCarryTheirTypedId() {
        var dense = EventMapper.retriever(RetrieverId.dense("intfloat/e5", IndexKind.HNSW));
        assertThat(dense.getId() + "|" + dense.getKind() + "|" + dense.getModelsList()).isEqualTo("intfloat/e5/hnsw|dense|[intfloat/e5]");
        var bm25 = EventMapper.retriever(RetrieverId.bm25());
        assertThat(bm25.getId() + "|" + bm25.getKind() + "|" + bm25.getModelsList()).isEqualTo("bm25|bm25|[]");
        // a composed id names its inputs' encoders in order of appearance, each once
        var fused = EventMapper.retriever(RetrieverId.parse("fuse(rrf,a/exact,bm25,b/hnsw,a/hnsw)"));
        assertThat(fused.getKind() + "|" + fused.getModelsList()).isEqualTo("fuse|[a, b]");
    }

    @Test
    void translationRoutesTravelWithTheirRetriever() {
        var route = EventMapper.route(new io.clirbench.core.lexicon.Route("th", "de", io.clirbench.core.lexicon.Route.Kind.PIVOT,
                java.util.List.of(new io.clirbench.core.lexicon.LanguagePair("th", "en"), new io.clirbench.core.lexicon.LanguagePair("en", "de"))));
        assertThat(route.getQueryLang() + "→" + route.getDocLang() + " " + route.getKind() + " " + route.getVia()).isEqualTo("th→de pivot en");
        var none = EventMapper.route(new io.clirbench.core.lexicon.Route("th", "vi", io.clirbench.core.lexicon.Route.Kind.NONE, java.util.List.of()));
        assertThat(none.getKind() + "|" + none.getVia()).isEqualTo("none|");
    }

    @Test
    void aQueryResultKeepsTheListsOrderAndScores() {
        RankedList list = new RankedList("q1", new String[] {"b", "a", "c"}, new double[] {0.5, 0.75, 0.25});
        QueryResult r = EventMapper.result("run", "bm25", list, 17);
        assertThat(r.getRunId() + " " + r.getRetrieverId() + " " + r.getQueryId() + " " + r.getLatencyMicros())
                .isEqualTo("run bm25 q1 17");
        assertThat(r.getHitsList()).extracting(h -> h.getDocId() + "=" + h.getScore())
                .containsExactly("b=0.5", "a=0.75", "c=0.25");
    }

    @Test
    void completionOutcomesMapOneToOne() {
        RunCompleted c = EventMapper.completed(new RunCompletion("r", RunCompletion.Outcome.CANCELLED, null,
                Map.of("bm25", 3)), 99);
        assertThat(c.getOutcome()).isEqualTo(RunCompleted.Outcome.CANCELLED);
        assertThat(c.getMessage()).isEmpty();
        assertThat(c.getCompletedAtEpochMs()).isEqualTo(99);
        assertThat(c.getPublishedQueriesMap()).isEqualTo(Map.of("bm25", 3));
        assertThat(EventMapper.outcome(RunCompletion.Outcome.SUCCEEDED)).isEqualTo(RunCompleted.Outcome.SUCCEEDED);
        assertThat(EventMapper.outcome(RunCompletion.Outcome.FAILED)).isEqualTo(RunCompleted.Outcome.FAILED);
    }

    /** A measured value is set, an unmeasured one left unset (not 0): the report tells "not measured" from zero. */
    @Test
    void costsKeepNotMeasuredApartFromZero() {
        var cost = new io.clirbench.core.efficiency.RetrieverCost(1500L, null, null, null, null, 10L, 0L, 64);
        RunCompleted c = EventMapper.completed(new RunCompletion("r", RunCompletion.Outcome.SUCCEEDED, "", Map.of("bm25", 10),
                Map.of(), Map.of("bm25", cost)), 1);
        var mapped = c.getCostsOrThrow("bm25");
        assertThat(mapped.getIndexBuildMicros()).isEqualTo(1500L);
        assertThat(mapped.hasIndexDiskBytes()).isFalse();
        assertThat(mapped.hasTextsEmbedded()).isFalse();
        assertThat(mapped.hasSearchMicros()).isTrue();
        assertThat(mapped.getSearchMicros()).isZero();
        assertThat(mapped.getQueriesPerCall()).isEqualTo(64);
    }
}
