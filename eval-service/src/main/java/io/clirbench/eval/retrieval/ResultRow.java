package io.clirbench.eval.retrieval;

/**
 * One row of {@code eval_result}: a QueryResult as received plus its per-query values.
 *
 * @param raw        whether it waits for RunStarted (not validated, no values)
 * @param result     the QueryResult protobuf
 * @param valuesJson measure name to value as a JSON object, {@code null} while raw
 * @param firstSame  best rank of a same-language gold document, {@code null} if none within the depth
 * @param firstCross best rank of a cross-language gold document, {@code null} if none within the depth
 */
public record ResultRow(String runId, String retrieverId, String queryId, boolean raw, byte[] result,
                        String valuesJson, Integer firstSame, Integer firstCross) {
}
