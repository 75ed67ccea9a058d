package io.clirbench.eval.retrieval;

import io.clirbench.core.run.RankedList;
import io.clirbench.proto.events.v1.Hit;
import io.clirbench.proto.events.v1.QueryResult;
import java.util.List;

/** QueryResult events to bench-core ranked lists. */
public final class ResultMapper {

    private ResultMapper() {
    }

    /** The result's hits in trec_eval's order, as {@code bench eval} reads the same lines from a run file. */
    public static RankedList toList(QueryResult result) {
        List<Hit> hits = result.getHitsList();
        String[] ids = new String[hits.size()];
        double[] scores = new double[hits.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = hits.get(i).getDocId();
            scores[i] = hits.get(i).getScore();
        }
        return RankedList.inTrecOrder(result.getQueryId(), ids, scores);
    }
}
