package io.clirbench.core.agentic.format;

import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BrowseComp-Plus qrels ({@code qid Q0 docid rel}, whitespace-separated; the second column is ignored):
 * every line kept, duplicates included, because BrowseComp-Plus counts them. Blank lines are skipped.
 */
public final class BcpQrelsReader {

    private BcpQrelsReader() {
    }

    /** Reads the file; every bad line is reported (file, line, value) and nothing is returned. */
    public static EvidenceQrels read(Path path) {
        String file = path.getFileName().toString();
        Problems problems = new Problems();
        Map<String, List<EvidenceQrels.Line>> lines = new LinkedHashMap<>();
        LineReader.forEachLine(path, problems, (number, text) -> {
            if (text.isBlank()) {
                return;
            }
            String[] cols = text.trim().split("\\s+");
            if (cols.length != 4) {
                problems.add(file, number, "expected 4 columns 'qid Q0 docid rel', found " + cols.length + ": "
                        + JsonValues.quote(text));
                return;
            }
            int grade;
            try {
                grade = Integer.parseInt(cols[3]);
            } catch (NumberFormatException e) {
                problems.add(file, number, "relevance must be an integer, found " + JsonValues.quote(cols[3]));
                return;
            }
            lines.computeIfAbsent(cols[0], q -> new ArrayList<>()).add(new EvidenceQrels.Line(cols[2], grade));
        });
        if (problems.isEmpty() && lines.isEmpty()) {
            problems.add(file, "no judgements");
        }
        problems.throwIfAny();
        return EvidenceQrels.of(lines);
    }
}
