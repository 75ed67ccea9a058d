package io.clirbench.eval.retrieval;

import io.clirbench.core.eval.CorpusIds;
import io.clirbench.core.run.PackedList;

/**
 * One row of {@code eval_result}: a QueryResult's hits plus its per-query values. A validated row keeps its hits packed
 * ({@link PackedList}: document indexes into the dataset's corpus); a raw row, and a row stored before the packed form
 * (migration V23), keeps the QueryResult protobuf as received.
 *
 * @param raw           whether it waits for RunStarted (not validated, no values)
 * @param result        the QueryResult protobuf, or {@code null} when the hits are packed
 * @param hits          the packed hits ({@link PackedList#toBytes}), or {@code null} when the protobuf is kept
 * @param latencyMicros the search latency the event reported, or {@code null} for a row that keeps its protobuf
 * @param valuesJson    measure name to value as a JSON object, {@code null} while raw
 * @param firstSame     best rank of a same-language gold document, {@code null} if none within the depth
 * @param firstCross    best rank of a cross-language gold document, {@code null} if none within the depth
 */
public record ResultRow(String runId, String retrieverId, String queryId, boolean raw, byte[] result, byte[] hits,
                        Long latencyMicros, String valuesJson, Integer firstSame, Integer firstCross) {

    /** The row's hits as a packed list: as stored, or the protobuf's list (trec_eval order) packed now. */
    public PackedList packed(CorpusIds corpus) {
        if (hits != null) {
            return PackedList.fromBytes(queryId, hits, "run '" + runId + "' retriever '" + retrieverId + "' query '" + queryId + "'");
        }
        return PackedList.of(ResultMapper.toList(Events.storedResult(result)), corpus::indexOf);
    }

    /** The latency the event reported. */
    public long latency() {
        return latencyMicros != null ? latencyMicros : Events.storedResult(result).getLatencyMicros();
    }
}
