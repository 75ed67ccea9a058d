package io.clirbench.core.qa.export;

import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.qa.format.QaDatasetWriter;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Writes imported instances ({@code bench qa import hotpot|hf|xhotpotqa}) as a dataset whose instances file XHotpotQA
 * v0.4.0 reads directly ({@code read_instances}, {@code xhotpotqa validate}, {@code xhotpotqa evaluate --gold}):
 * <ul>
 *   <li>{@code DIR/instances.jsonl}: one {@link XhotpotRecord} per line, the record mapping of the export, written as
 *       the peer's {@code write_instances} writes it (plain JSON lines: the peer reads no gzip);</li>
 *   <li>{@code DIR/clirbench-extra.jsonl}: what the peer's schema has no place for, as the export writes it
 *       ({@link XhotpotSidecar}; absent when nothing);</li>
 *   <li>{@code DIR/dataset.json}, with the languages of the records written.</li>
 * </ul>
 * A stale {@code DIR/instances.jsonl.gz} is removed (the reader would prefer it). An instance whose question, answer or
 * any candidate is in a language outside XHotpotQA's table is left out and counted per language; nothing else is left
 * out: an instance the peer would refuse for another reason stops the import, every one named (input file, record
 * number, id), and nothing is written.
 */
public final class XhotpotDatasetWriter {

    /**
     * What was written.
     *
     * @param read              instances given
     * @param written           records written
     * @param leftOut           instances left out for their languages
     * @param leftOutByLanguage instances left out, per unsupported language they use (one instance may count under two)
     * @param sidecar           records with a sidecar line
     * @param byQuestionLanguage records written, per question language
     */
    public record Summary(int read, int written, int leftOut, Map<String, Integer> leftOutByLanguage, int sidecar,
                          Map<String, Integer> byQuestionLanguage) {
    }

    private XhotpotDatasetWriter() {
    }

    /**
     * Writes {@code instances} (read from the input file {@code source}, in its order) into {@code dir}; {@code info}'s
     * languages are replaced by those of the records written.
     */
    public static Summary write(QaDatasetInfo info, List<QaInstance> instances, String source, Path dir) {
        Problems problems = new Problems();
        Map<String, Integer> byLanguage = new TreeMap<>();
        Set<String> languages = new TreeSet<>();
        Map<String, Integer> byQuestionLanguage = new TreeMap<>();
        StringBuilder records = new StringBuilder();
        StringBuilder sidecar = new StringBuilder();
        int leftOut = 0;
        int written = 0;
        int extra = 0;
        for (int n = 0; n < instances.size(); n++) {
            QaInstance instance = instances.get(n);
            Set<String> unsupported = XhotpotExport.unsupported(instance);
            if (!unsupported.isEmpty()) {
                leftOut++;
                unsupported.forEach(l -> byLanguage.merge(l, 1, Integer::sum));
                continue;
            }
            String where = "record " + (n + 1) + " (id " + JsonValues.quote(instance.id()) + "): ";
            XhotpotRecord r = XhotpotRecord.of(instance, null, m -> problems.add(source, where + m));
            if (r == null) {
                continue;
            }
            records.append(r.line()).append('\n');
            written++;
            if (r.sidecar() != null) {
                sidecar.append(PythonJson.dumps(r.sidecar())).append('\n');
                extra++;
            }
            languages.add(instance.questionLanguage());
            byQuestionLanguage.merge(instance.questionLanguage(), 1, Integer::sum);
            for (Candidate c : instance.candidates()) {
                languages.add(c.language());
            }
        }
        problems.throwIfAny();
        try {
            QaDatasetWriter.writeInfo(new QaDatasetInfo(info.id(), info.name(), info.version(), info.license(), info.source(),
                    new ArrayList<>(languages)), dir);
            byte[] lines = records.toString().getBytes(StandardCharsets.UTF_8);
            QaDatasetWriter.atomically(dir.resolve(XhotpotExport.INSTANCES), os -> os.write(lines));
            Files.deleteIfExists(dir.resolve(XhotpotExport.INSTANCES + ".gz"));
            Path side = dir.resolve(XhotpotExport.SIDECAR);
            if (extra > 0) {
                byte[] bytes = sidecar.toString().getBytes(StandardCharsets.UTF_8);
                QaDatasetWriter.atomically(side, os -> os.write(bytes));
            } else {
                Files.deleteIfExists(side);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir + ": " + e.getMessage(), e);
        }
        return new Summary(instances.size(), written, leftOut, byLanguage, extra, byQuestionLanguage);
    }
}
