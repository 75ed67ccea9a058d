package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.format.trec.TrecQrelsReader;
import io.clirbench.core.model.Qrels;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * TREC qrels ({@code qid iter docid rel}) through {@link TrecQrelsReader#read} (the compact table, the ASCII map parser
 * and the checked fallback) and {@link TrecQrelsReader#readChecked}: both document {@link DatasetFormatException} naming
 * every bad line, and the two must agree: the same judgments in the same order, or the same problems. A corrupt or
 * oversize gzip may come out as {@link UncheckedIOException}.
 */
class TrecQrelsFuzzTest {

    @FuzzTest
    @DictionaryEntries({" 0 ", " Q0 ", "\\x09", "2147483648", "-1", "\\x0A"})
    void qrels(byte[] data) {
        Path file = Fuzz.write(Fuzz.scratch(), "qrels.txt", data);
        Object fast;
        Object checked;
        try {
            fast = judgmentsOrProblems(() -> TrecQrelsReader.read(file));
            checked = judgmentsOrProblems(() -> TrecQrelsReader.readChecked(file));
        } catch (UncheckedIOException e) {
            Fuzz.acceptGzipFailure(e, data);
            return;
        }
        if (!fast.equals(checked)) {
            throw new AssertionError("TrecQrelsReader.read gave " + fast + " but readChecked " + checked);
        }
    }

    /** The judgments as query id to its (document id, grade) entries in file order, or the problems' text. */
    private static Object judgmentsOrProblems(Supplier<Qrels> read) {
        try {
            Qrels qrels = read.get();
            List<Object> all = new ArrayList<>();
            for (String q : qrels.queryIds()) {
                all.add(List.of(q, new ArrayList<>(qrels.judgments(q).entrySet()), qrels.judgments(q).size()));
            }
            all.add(qrels.size());
            return all;
        } catch (DatasetFormatException e) {
            return e.getMessage();
        }
    }
}
