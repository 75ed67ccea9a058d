package io.clirbench.core.qa.format;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaPrediction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/** Writes predictions as XHotpotQA JSON lines, facts sorted by (paragraph id, sentence), so the bytes depend only on the content. */
public final class PredictionWriter {

    private PredictionWriter() {
    }

    /** Writes the predictions in the given order. */
    public static void write(List<QaPrediction> predictions, Path file) {
        try {
            QaDatasetWriter.atomically(file, out -> {
                for (QaPrediction p : predictions) {
                    ObjectNode o = QaJson.MAPPER.createObjectNode();
                    o.put("id", p.id());
                    o.put("answer", p.answer());
                    ArrayNode facts = o.putArray("supporting_facts");
                    p.support().stream().sorted(Comparator.comparing(FactKey::paragraphId).thenComparingInt(FactKey::sentenceId))
                            .forEach(f -> facts.addObject().put("paragraph_id", f.paragraphId()).put("sentence_id", f.sentenceId()));
                    out.write((QaJson.MAPPER.writeValueAsString(o) + "\n").getBytes(StandardCharsets.UTF_8));
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
