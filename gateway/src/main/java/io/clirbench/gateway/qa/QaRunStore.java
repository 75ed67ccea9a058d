package io.clirbench.gateway.qa;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.service.store.Database;
import io.clirbench.gateway.run.RunSnapshotStore;
import jakarta.inject.Singleton;
import jakarta.enterprise.inject.Typed;

/** QA run snapshots (table {@code qa_runs}): the retrieval runs' store over its own table (a singleton: a subclass with a constructor cannot be proxied). */
@Singleton
@Typed(QaRunStore.class)
public class QaRunStore extends RunSnapshotStore {

    QaRunStore(Database db, ObjectMapper json) {
        super(db, json, "qa_runs");
    }
}
