package io.clirbench.core.format.trec;

import io.clirbench.core.io.MaybeGzip;
import io.clirbench.core.run.RankedList;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Reads a TREC run file ({@code qid Q0 docid rank score tag}, plain or gzip) one query at a
 * time, each list in trec_eval's order (METRICS.md section 1; the rank column is ignored).
 * A quick first pass checks that each query's lines are contiguous; meanwhile a background
 * thread parses and sorts (see {@link BackgroundParser}), and when the check passes the lists
 * reach the sink on the calling thread, a few queries in memory at a time. Otherwise the whole
 * file is grouped in memory and the notice callback says so.
 */
public final class TrecRunReader {

    private static final int TYPICAL_DEPTH = 1024;

    private final Path file;
    private final String fileName;
    private Consumer<String> notice = message -> { };

    public TrecRunReader(Path file) {
        this.file = Objects.requireNonNull(file, "file");
        this.fileName = file.toString();
    }

    /** Sets the receiver of informational messages (such as the non-contiguous fallback); returns this reader. */
    public TrecRunReader onNotice(Consumer<String> notice) {
        this.notice = Objects.requireNonNull(notice, "notice");
        return this;
    }

    /**
     * Streams each query's list in trec_eval order (score desc, ties by doc id desc in
     * String.compareTo order), queries in order of first appearance. A malformed line (column
     * count, score, duplicate document id within a query) throws {@link RunFormatException}.
     */
    public void forEachQuery(Consumer<RankedList> sink) {
        Objects.requireNonNull(sink, "sink");
        // parse on a second thread while this one checks the grouping, then scores (the sink)
        String repeated;
        try (BackgroundParser parser = new BackgroundParser("trec-run-parser", this::streamContiguous)) {
            repeated = firstNonContiguousQuery();
            if (repeated == null) {
                parser.drainTo(sink);
                return;
            }
        }
        notice.accept(fileName + ": the lines of query '" + repeated + "' are not contiguous;"
                + " grouping the whole run in memory");
        groupInMemory(sink);
    }

    /** The first query whose lines reappear after another query's, or null when every query is contiguous. */
    private String firstNonContiguousQuery() {
        try (InputStream in = MaybeGzip.open(file)) {
            RunLineTokenizer lines = new RunLineTokenizer(in, fileName);
            Set<String> finished = new HashSet<>();
            byte[] current = null;
            while (lines.next(true)) {
                if (current != null && lines.fieldEquals(RunLineTokenizer.QID, current)) {
                    continue;
                }
                if (current != null) {
                    finished.add(new String(current, java.nio.charset.StandardCharsets.UTF_8));
                }
                current = lines.fieldBytes(RunLineTokenizer.QID);
                String qid = lines.field(RunLineTokenizer.QID);
                if (finished.contains(qid)) {
                    return qid;
                }
            }
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(fileName + ": " + e.getMessage(), e);
        }
    }

    private void streamContiguous(Consumer<RankedList> sink) {
        try (InputStream in = MaybeGzip.open(file)) {
            RunLineTokenizer lines = new RunLineTokenizer(in, fileName);
            QueryListBuilder builder = new QueryListBuilder(fileName, TYPICAL_DEPTH);
            byte[] current = null;
            while (lines.next()) {
                if (current == null || !lines.fieldEquals(RunLineTokenizer.QID, current)) {
                    if (current != null) {
                        sink.accept(builder.build());
                    }
                    current = lines.fieldBytes(RunLineTokenizer.QID);
                    builder.reset(lines.field(RunLineTokenizer.QID));
                }
                builder.add(lines.field(RunLineTokenizer.DOC), lines.score(), lines.lineNumber());
            }
            if (current != null) {
                sink.accept(builder.build());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(fileName + ": " + e.getMessage(), e);
        }
    }

    private void groupInMemory(Consumer<RankedList> sink) {
        Map<String, QueryListBuilder> byQuery = new LinkedHashMap<>();
        try (InputStream in = MaybeGzip.open(file)) {
            RunLineTokenizer lines = new RunLineTokenizer(in, fileName);
            while (lines.next()) {
                String qid = lines.field(RunLineTokenizer.QID);
                QueryListBuilder builder = byQuery.computeIfAbsent(qid,
                        q -> new QueryListBuilder(fileName, 16).reset(q));
                builder.add(lines.field(RunLineTokenizer.DOC), lines.score(), lines.lineNumber());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(fileName + ": " + e.getMessage(), e);
        }
        byQuery.values().forEach(builder -> sink.accept(builder.build()));
    }
}
