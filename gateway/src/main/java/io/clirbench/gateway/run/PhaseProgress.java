package io.clirbench.gateway.run;

import io.clirbench.gateway.retriever.RetrieverPhase;
import java.util.Locale;

/**
 * The counts inside a retriever's current phase, as the API, SSE and pages show them.
 *
 * @param done  items done in this phase
 * @param total items this phase has (0 when the phase counts nothing: QUEUED, RUNNING)
 * @param unit  what is counted: {@code texts} (EMBEDDING), {@code documents} (INDEXING), {@code queries}
 *              (SEARCHING, SEARCHED, PUBLISHED); null when nothing is counted
 * @param text  the same in words: {@code embedded 640 / 2880 document texts}
 */
public record PhaseProgress(int done, int total, String unit, String text) {

    /**
     * The progress of {@code phase} given a retriever's counters. While EMBEDDING, the documents are counted
     * until every document has its vector (a reused collection counts them all at once), then the queries.
     */
    public static PhaseProgress of(RetrieverPhase phase, int documents, int documentsEmbedded, int documentsIndexed,
                                   int queries, int queriesEmbedded, int queriesSearched, int queriesPublished) {
        return switch (phase) {
            case QUEUED -> new PhaseProgress(0, 0, null, "queued");
            case RUNNING -> new PhaseProgress(0, 0, null, "starting");
            case EMBEDDING -> documentsEmbedded < documents
                    ? counted(documentsEmbedded, documents, "texts", "embedded %d / %d document texts")
                    : counted(queriesEmbedded, queries, "texts", "embedded %d / %d query texts");
            case INDEXING -> counted(documentsIndexed, documents, "documents", "indexed %d / %d documents");
            case SEARCHING -> counted(queriesSearched, queries, "queries", "searched %d / %d queries");
            case SEARCHED, PUBLISHED -> counted(queriesPublished, queries, "queries", "published %d / %d queries");
            case FAILED -> new PhaseProgress(0, 0, null, "failed");
        };
    }

    private static PhaseProgress counted(int done, int total, String unit, String format) {
        return new PhaseProgress(done, total, unit, String.format(Locale.ROOT, format, done, total));
    }

    /** {@code done / total} as a percentage (0 when the phase counts nothing). */
    public double percent() {
        return total == 0 ? 0 : 100.0 * done / total;
    }
}
