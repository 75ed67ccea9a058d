package io.clirbench.gateway.run;

import io.clirbench.core.lexicon.Route;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.proto.events.v1.Hit;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunStarted;
import io.clirbench.proto.events.v1.TranslationRoute;
import java.util.List;

/** events.v1 messages: RunStarted, RunCompleted and QueryResult from the gateway's domain values. */
public final class EventMapper {

    private EventMapper() {
    }

    /** RunStarted of {@code run}: dataset reference, expected queries, settings, retrievers. */
    public static RunStarted started(RunSnapshot run, int expectedQueries, String datasetLocation,
                                     List<RetrieverId> retrievers, long startedAtEpochMs) {
        return started(run, expectedQueries, datasetLocation, retrievers, java.util.Map.of(), startedAtEpochMs);
    }

    /** As above, with the dictionary routes of the translating retrievers (retriever id → routes). */
    public static RunStarted started(RunSnapshot run, int expectedQueries, String datasetLocation, List<RetrieverId> retrievers,
                                     java.util.Map<String, List<Route>> routes, long startedAtEpochMs) {
        RunStarted.Builder b = RunStarted.newBuilder().setRunId(run.id()).setDatasetId(run.dataset())
                .setDatasetVersion(run.datasetVersion()).setDepth(run.depth()).setSeed(run.seed())
                .setBootstrap(run.bootstrap()).setExpectedQueries(expectedQueries)
                .setStartedAtEpochMs(startedAtEpochMs).setDatasetLocation(datasetLocation);
        retrievers.forEach(r -> b.addRetrievers(retriever(r).toBuilder()
                .addAllRoutes(routes.getOrDefault(r.id(), List.of()).stream().map(EventMapper::route).toList())));
        return b.build();
    }

    static TranslationRoute route(Route r) {
        TranslationRoute.Builder b = TranslationRoute.newBuilder().setQueryLang(r.query()).setDocLang(r.docs())
                .setKind(r.kind().name().toLowerCase(java.util.Locale.ROOT));
        if (r.kind() == Route.Kind.PIVOT) {
            b.setVia(r.steps().getFirst().target());
        }
        return b.build();
    }

    /** The parsed id's facts ({@link RetrieverId#typed()}): canonical id, kind, the encoders it needs. */
    static Retriever retriever(RetrieverId id) {
        var typed = id.typed();
        return Retriever.newBuilder().setId(typed.id()).setKind(typed.kind()).addAllModels(typed.models()).build();
    }

    public static RunCompleted completed(RunCompletion c, long completedAtEpochMs) {
        return RunCompleted.newBuilder().setRunId(c.runId()).setOutcome(outcome(c.outcome())).setMessage(c.message())
                .setCompletedAtEpochMs(completedAtEpochMs).putAllPublishedQueries(c.publishedQueries())
                .putAllFailedRetrievers(c.failedRetrievers()).putAllCosts(costs(c.costs())).build();
    }

    /** Each retriever's measured cost; a field left unset was not measured (events.v1 RetrieverCost). */
    static java.util.Map<String, io.clirbench.proto.events.v1.RetrieverCost> costs(
            java.util.Map<String, io.clirbench.core.efficiency.RetrieverCost> costs) {
        java.util.Map<String, io.clirbench.proto.events.v1.RetrieverCost> out = new java.util.LinkedHashMap<>();
        costs.forEach((id, c) -> {
            var b = io.clirbench.proto.events.v1.RetrieverCost.newBuilder();
            if (c.indexBuildMicros() != null) {
                b.setIndexBuildMicros(c.indexBuildMicros());
            }
            if (c.indexDiskBytes() != null) {
                b.setIndexDiskBytes(c.indexDiskBytes());
            }
            if (c.indexMemoryBytes() != null) {
                b.setIndexMemoryBytes(c.indexMemoryBytes());
            }
            if (c.textsEmbedded() != null) {
                b.setTextsEmbedded(c.textsEmbedded());
            }
            if (c.embedMicros() != null) {
                b.setEmbedMicros(c.embedMicros());
            }
            if (c.queriesSearched() != null) {
                b.setQueriesSearched(c.queriesSearched());
            }
            if (c.searchMicros() != null) {
                b.setSearchMicros(c.searchMicros());
            }
            if (c.queriesPerCall() != null) {
                b.setQueriesPerCall(c.queriesPerCall());
            }
            out.put(id, b.build());
        });
        return out;
    }

    static RunCompleted.Outcome outcome(RunCompletion.Outcome o) {
        return switch (o) {
            case SUCCEEDED -> RunCompleted.Outcome.SUCCEEDED;
            case FAILED -> RunCompleted.Outcome.FAILED;
            case CANCELLED -> RunCompleted.Outcome.CANCELLED;
        };
    }

    /** One query's result list in its rank order. */
    public static QueryResult result(String runId, String retrieverId, RankedList list, long latencyMicros) {
        QueryResult.Builder b = QueryResult.newBuilder().setRunId(runId).setRetrieverId(retrieverId)
                .setQueryId(list.queryId()).setLatencyMicros(latencyMicros);
        for (int i = 0; i < list.size(); i++) {
            b.addHits(Hit.newBuilder().setDocId(list.docIds()[i]).setScore(list.scores()[i]));
        }
        return b.build();
    }
}
