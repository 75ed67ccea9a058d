package io.clirbench.core.report.export;

import io.clirbench.core.model.Qrels;
import io.clirbench.core.run.RankedList;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What the exports need beyond the report itself, each part where the caller has it.
 *
 * @param queryLanguages query id → language, for MTEB's per-language subsets (empty: one {@code default} subset)
 * @param runLists       run name → its ranked lists (each given to the sink once, in trec_eval order), for the ranx
 *                       run files; a run without an entry gets no ranx file
 * @param qrels          the judgments for ranx's qrels file; {@code null}: no qrels file
 */
public record ExportInputs(Map<String, String> queryLanguages, Map<String, Consumer<Consumer<RankedList>>> runLists,
                           Qrels qrels) {

    public ExportInputs {
        queryLanguages = queryLanguages == null ? Map.of() : queryLanguages;
        runLists = runLists == null ? Map.of() : runLists;
    }

    /** Nothing beyond the report: no per-language subsets, no ranx files. */
    public static ExportInputs none() {
        return new ExportInputs(Map.of(), Map.of(), null);
    }
}
