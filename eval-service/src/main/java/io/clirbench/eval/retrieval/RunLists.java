package io.clirbench.eval.retrieval;

import io.clirbench.core.eval.CorpusIds;
import io.clirbench.core.eval.JudgedDataset;
import io.clirbench.core.format.trec.TrecRunWriter;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.PackedList;
import io.clirbench.service.store.Database;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.BufferedWriter;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.function.Consumer;

/**
 * The stored results of one retriever as lists, streamed from the database (issue 40): memory follows the rows in
 * flight, not the run, whatever the run's size. Within a list the order is trec_eval's (as stored).
 */
@ApplicationScoped
public class RunLists {

    /** Rows fetched at a time: 256 lists of depth 1,000 are 2 MiB of packed hits. */
    static final int PAGE = 256;

    private final Database db;
    private final ResultStore results;

    public RunLists(Database db, ResultStore results) {
        this.db = db;
        this.results = results;
    }

    /**
     * Every validated list of the retriever, in the order the database streams them, in one read-only transaction. On
     * H2 the query runs lazily (LAZY_QUERY_EXECUTION, for this statement only: H2 otherwise builds the whole result
     * first); on PostgreSQL a fetch size in a transaction reads through a cursor.
     */
    public void forEach(String runId, String retrieverId, CorpusIds corpus, Consumer<PackedList> sink) {
        db.inTransaction(c -> {
            boolean h2 = "h2".equals(db.kind());
            if (h2) {
                lazy(c, true);
            }
            try {
                results.forEachValid(c, runId, retrieverId, PAGE, row -> sink.accept(row.packed(corpus)));
            } finally {
                if (h2) {
                    lazy(c, false);
                }
            }
            return null;
        });
    }

    private static void lazy(Connection c, boolean on) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("SET LAZY_QUERY_EXECUTION " + (on ? "TRUE" : "FALSE"));
        }
    }

    /**
     * Writes the retriever's TREC run (as {@code bench eval} reads it back) to {@code out} in the dataset's query order,
     * one query looked up at a time in one transaction: the text is streamed, never held whole.
     */
    public void writeTrec(JudgedDataset dataset, String runId, String retrieverId, OutputStream out) {
        CorpusIds corpus = dataset.corpusIds();
        OutputStream kept = new FilterOutputStream(out) {
            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                flush(); // the caller's stream (an HTTP answer) stays the caller's to close
            }
        };
        var writer = new TrecRunWriter(new BufferedWriter(new OutputStreamWriter(kept, StandardCharsets.UTF_8), 1 << 16),
                retrieverId);
        db.inTransaction(c -> {
            for (Query query : dataset.dataset().queries()) {
                var row = results.find(c, runId, retrieverId, query.id());
                if (row.isPresent() && !row.get().raw()) {
                    writer.write(row.get().packed(corpus).toList(corpus::id));
                }
            }
            return null;
        });
        writer.close();
    }
}
