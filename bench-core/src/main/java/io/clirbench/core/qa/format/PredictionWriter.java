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
                    out.write(line(p).getBytes(StandardCharsets.UTF_8));
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The predictions in the given order as the text {@link #write} writes (the eval-service serves it). */
    public static String text(List<QaPrediction> predictions) {
        StringBuilder out = new StringBuilder();
        predictions.forEach(p -> out.append(line(p)));
        return out.toString();
    }

    private static String line(QaPrediction p) {
        ObjectNode o = QaJson.MAPPER.createObjectNode();
        o.put("id", p.id());
        o.put("answer", p.answer());
        ArrayNode facts = o.putArray("supporting_facts");
        p.support().stream().sorted(Comparator.comparing(FactKey::paragraphId).thenComparingInt(FactKey::sentenceId))
                .forEach(f -> facts.addObject().put("paragraph_id", f.paragraphId()).put("sentence_id", f.sentenceId()));
        try {
            return QaJson.MAPPER.writeValueAsString(o) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot render prediction '" + p.id() + "': " + e.getMessage(), e);
        }
    }
}
