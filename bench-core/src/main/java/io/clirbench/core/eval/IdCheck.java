package io.clirbench.core.eval;

import io.clirbench.core.format.trec.ScannedList;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.run.RankedList;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Watches a run's lists for ids the dataset (or qrels) does not know. A run sharing no query id
 * with the dataset, or whose queries are mostly unknown, is almost always an id-scheme mistake
 * ({@code q1} vs {@code 1}, a prefix, another dataset's run): {@link #queryWarning} says so with a
 * few ids from each side. Unknown document ids get a count and examples ({@link #documentWarning}).
 */
public final class IdCheck implements Consumer<RankedList> {

    /** Above this share of unknown run queries, the run is reported as a likely id-scheme mistake. */
    public static final double MOSTLY_UNKNOWN = 0.5;
    private static final int EXAMPLES = 3;

    private final Predicate<String> knownQuery;
    private final Predicate<String> knownDocument;
    private final List<String> exampleQueries;
    private final List<String> exampleDocuments;
    private final List<String> unknownQueries = new ArrayList<>();
    private final List<String> unknownDocuments = new ArrayList<>();
    private long runQueries;
    private long unknownQueryCount;
    private long unknownDocumentCount;

    private IdCheck(Predicate<String> knownQuery, Predicate<String> knownDocument, List<String> exampleQueries,
                    List<String> exampleDocuments) {
        this.knownQuery = knownQuery;
        this.knownDocument = knownDocument;
        this.exampleQueries = exampleQueries;
        this.exampleDocuments = exampleDocuments;
    }

    /** Checks query ids against the dataset's judged queries and document ids against its corpus. */
    public static IdCheck against(Dataset dataset) {
        Set<String> judged = dataset.qrels().queryIds();
        return new IdCheck(judged::contains, id -> dataset.document(id) != null, first(judged),
                first(dataset.corpus().stream().map(d -> d.id()).limit(EXAMPLES).toList()));
    }

    /** Checks query ids against bare qrels (no corpus: document ids are not checked). */
    public static IdCheck against(Qrels qrels) {
        return new IdCheck(qrels.queryIds()::contains, id -> true, first(qrels.queryIds()), List.of());
    }

    @Override
    public void accept(RankedList list) {
        countQuery(list.queryId());
        for (String doc : list.docIds()) {
            if (!knownDocument.test(doc)) {
                unknownDocumentCount++;
                if (unknownDocuments.size() < EXAMPLES && !unknownDocuments.contains(doc)) {
                    unknownDocuments.add(doc);
                }
            }
        }
    }

    /**
     * The same from the fast run scanner's view of a list: its query id, its number of unknown
     * documents and the first few of them (in file order, which may differ from rank order within ties).
     */
    public void accept(ScannedList list) {
        countQuery(list.queryId());
        unknownDocumentCount += list.unknownInList();
        for (String doc : list.unknownIds()) {
            if (unknownDocuments.size() < EXAMPLES && !unknownDocuments.contains(doc)) {
                unknownDocuments.add(doc);
            }
        }
    }

    /** Forgets every list seen (when a fast scan hands a file over to the checking reader). */
    public void reset() {
        runQueries = 0;
        unknownQueryCount = 0;
        unknownDocumentCount = 0;
        unknownQueries.clear();
        unknownDocuments.clear();
    }

    private void countQuery(String queryId) {
        runQueries++;
        if (!knownQuery.test(queryId)) {
            unknownQueryCount++;
            if (unknownQueries.size() < EXAMPLES) {
                unknownQueries.add(queryId);
            }
        }
    }

    /** Whether none or most of the run's queries are unknown (the case {@link #queryWarning} describes). */
    public boolean likelyIdSchemeMistake() {
        return runQueries > 0 && unknownQueryCount > MOSTLY_UNKNOWN * runQueries;
    }

    /** The loud warning of a likely id-scheme mistake, or {@code null} when the query ids look right. */
    public String queryWarning(String run, String against) {
        if (!likelyIdSchemeMistake()) {
            return null;
        }
        String what = unknownQueryCount == runQueries
                ? String.format(Locale.ROOT, "none of the %,d queries of %s is judged in %s", runQueries, run, against)
                : String.format(Locale.ROOT, "%,d of the %,d queries of %s are not judged in %s", unknownQueryCount,
                        runQueries, run, against);
        return what + ": the query ids probably follow another scheme (run query ids: " + quoted(unknownQueries)
                + "; judged query ids: " + quoted(exampleQueries) + ")";
    }

    /** The warning about unknown document ids (count and examples), or {@code null} when there are none. */
    public String documentWarning(String run, String against) {
        if (unknownDocumentCount == 0) {
            return null;
        }
        return String.format(Locale.ROOT, "%s: %,d retrieved document ids are not in the corpus of %s (e.g. %s; corpus ids look like %s).",
                run, unknownDocumentCount, against, quoted(unknownDocuments), quoted(exampleDocuments));
    }

    private static List<String> first(Iterable<String> ids) {
        List<String> out = new ArrayList<>();
        Iterator<String> it = ids.iterator();
        while (it.hasNext() && out.size() < EXAMPLES) {
            out.add(it.next());
        }
        return out;
    }

    private static String quoted(List<String> ids) {
        return ids.stream().map(id -> "'" + id + "'").reduce((a, b) -> a + ", " + b).orElse("(none)");
    }
}
