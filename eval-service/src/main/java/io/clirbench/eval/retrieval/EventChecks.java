package io.clirbench.eval.retrieval;

import io.clirbench.core.eval.JudgedDataset;
import io.clirbench.core.io.InputLimits;
import io.clirbench.core.stats.Stats;
import io.clirbench.eval.pipeline.PoisonEventException;
import io.clirbench.proto.events.v1.Hit;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunStarted;
import java.util.HashSet;
import java.util.Set;

/** Checks that make an event poison; each throws {@link PoisonEventException} naming the bad value. */
public final class EventChecks {

    private EventChecks() {
    }

    /** What a RunStarted must hold whatever else is stored. */
    public static void checkStarted(RunStarted started) {
        String run = requireToken(started.getRunId(), "RunStarted", "run_id");
        String where = "RunStarted of run '" + run + "'";
        requireToken(started.getDatasetId(), where, "dataset_id");
        if (started.getRetrieversCount() == 0) {
            throw new PoisonEventException(where + ": no retrievers");
        }
        Set<String> ids = new HashSet<>();
        for (Retriever retriever : started.getRetrieversList()) {
            if (!ids.add(requireToken(retriever.getId(), where, "retriever id"))) {
                throw new PoisonEventException(where + ": duplicate retriever id '" + retriever.getId() + "'");
            }
            // the id as the gateway parsed it: read, never parsed again here (a kind may be one only that gateway knows)
            String of = where + " retriever '" + retriever.getId() + "'";
            requireToken(retriever.getKind(), of, "kind");
            retriever.getModelsList().forEach(model -> requireToken(model, of, "models"));
        }
        if (started.getDepth() < 1) {
            throw new PoisonEventException(where + ": depth must be at least 1, got " + started.getDepth());
        }
        if (started.getBootstrap() < 0) {
            throw new PoisonEventException(where + ": bootstrap must be 0 (off) or more, got " + started.getBootstrap());
        }
        if (started.getExpectedQueries() < 0) {
            throw new PoisonEventException(where + ": negative expected_queries " + started.getExpectedQueries());
        }
    }

    /**
     * Why a well-formed RunStarted asks for more than this service evaluates (README "Limits": depth
     * 1..{@value InputLimits#MAX_DEPTH}, bootstrap 0..{@value InputLimits#MAX_BOOTSTRAP}), or null. Such a
     * run is failed with this reason at once, before any result is scored or any resample allocated.
     */
    public static String overLimit(RunStarted started) {
        String depth = InputLimits.outOfRange(started.getDepth(), 1, InputLimits.MAX_DEPTH);
        if (depth != null) {
            return "depth " + depth + " (the limit of ranked results per query); the run is not evaluated";
        }
        String bootstrap = Stats.bootstrapError(started.getBootstrap()); // the range check of every evaluation
        return bootstrap == null ? null : bootstrap + "; the run is not evaluated";
    }

    public static void checkCompleted(RunCompleted completed) {
        String run = requireToken(completed.getRunId(), "RunCompleted", "run_id");
        RunCompleted.Outcome outcome = completed.getOutcome();
        if (outcome == RunCompleted.Outcome.OUTCOME_UNSPECIFIED || outcome == RunCompleted.Outcome.UNRECOGNIZED) {
            throw new PoisonEventException("RunCompleted of run '" + run + "': outcome " + outcome
                    + " (value " + completed.getOutcomeValue() + ") is not SUCCEEDED, FAILED or CANCELLED");
        }
        completed.getPublishedQueriesMap().forEach((retriever, count) -> {
            if (count < 0) {
                throw new PoisonEventException("RunCompleted of run '" + run + "': negative published_queries " + count
                        + " for retriever '" + retriever + "'");
            }
        });
    }

    /** What a QueryResult must hold before its run is known: ids, and distinct, well-formed hits. */
    public static void checkResult(QueryResult result) {
        requireToken(result.getRunId(), "QueryResult", "run_id");
        String where = "QueryResult of run '" + result.getRunId() + "'";
        requireToken(result.getRetrieverId(), where, "retriever_id");
        requireToken(result.getQueryId(), where, "query_id");
        where = where + " retriever '" + result.getRetrieverId() + "' query '" + result.getQueryId() + "'";
        Set<String> docs = new HashSet<>(result.getHitsCount() * 2);
        for (Hit hit : result.getHitsList()) {
            requireToken(hit.getDocId(), where, "hit doc_id");
            if (!docs.add(hit.getDocId())) {
                throw new PoisonEventException(where + ": duplicate doc id '" + hit.getDocId() + "'");
            }
            if (!Double.isFinite(hit.getScore())) {
                throw new PoisonEventException(where + ": doc '" + hit.getDocId() + "' has non-finite score " + hit.getScore());
            }
        }
    }

    /** Why a result does not fit its started run and dataset, or {@code null} when it does. */
    public static String problem(RunStarted started, JudgedDataset dataset, QueryResult result) {
        String where = "QueryResult of run '" + result.getRunId() + "' retriever '" + result.getRetrieverId()
                + "' query '" + result.getQueryId() + "'";
        boolean declared = started.getRetrieversList().stream().anyMatch(r -> r.getId().equals(result.getRetrieverId()));
        if (!declared) {
            return where + ": retriever '" + result.getRetrieverId() + "' is not declared by the run's RunStarted";
        }
        if (dataset.dataset().query(result.getQueryId()) == null) {
            return where + ": unknown query id '" + result.getQueryId() + "' in dataset '" + started.getDatasetId() + "'";
        }
        if (result.getHitsCount() > started.getDepth()) {
            return where + ": " + result.getHitsCount() + " hits, more than the run's depth " + started.getDepth();
        }
        return null;
    }

    /** A non-empty id without whitespace (TREC run files and report names need one token). */
    private static String requireToken(String value, String where, String field) {
        if (value.isEmpty()) {
            throw new PoisonEventException(where + ": empty " + field);
        }
        if (value.chars().anyMatch(Character::isWhitespace)) {
            throw new PoisonEventException(where + ": " + field + " '" + value + "' contains whitespace");
        }
        return value;
    }
}
