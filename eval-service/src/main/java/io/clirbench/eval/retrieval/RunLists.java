package io.clirbench.eval.retrieval;

import io.clirbench.core.eval.JudgedDataset;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The stored results of one retriever as ranked lists: trec_eval order within a list, dataset query order across. */
@ApplicationScoped
public class RunLists {

    private final ResultStore results;

    public RunLists(ResultStore results) {
        this.results = results;
    }

    public List<RankedList> load(Connection c, JudgedDataset dataset, String runId, String retrieverId) throws SQLException {
        Map<String, RankedList> byQuery = new HashMap<>();
        for (ResultRow row : results.listValid(c, runId, retrieverId)) {
            byQuery.put(row.queryId(), ResultMapper.toList(Events.storedResult(row.result())));
        }
        List<RankedList> lists = new ArrayList<>(byQuery.size());
        for (Query query : dataset.dataset().queries()) {
            RankedList list = byQuery.get(query.id());
            if (list != null) {
                lists.add(list);
            }
        }
        return lists;
    }
}
