package io.clirbench.cli;

import io.clirbench.core.eval.EvalReport.DatasetRef;
import io.clirbench.core.model.Dataset;

/** Builds the report's reference to the evaluated dataset. */
final class DatasetRefs {

    private DatasetRefs() {
    }

    static DatasetRef of(Dataset dataset) {
        var info = dataset.info();
        return new DatasetRef(info.id(), info.name(), info.version(), info.license(), info.languages(),
                dataset.corpus().size(), dataset.queries().size());
    }
}
