package io.clirbench.core.report.export;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.run.RankedList;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs and qrels as ranx reads them ({@code ranx/data_structures/run.py} and {@code qrels.py}: {@code Run.from_file(path)}
 * / {@code Qrels.from_file(path)} of a {@code .json} file, {@code Run.from_dict} / {@code Qrels.from_dict};
 * ir_measures reads the same dicts): a run is {@code {qid: {docid: score}}}, qrels are {@code {qid: {docid: grade}}}.
 * Each query's documents are written in our ranking order (METRICS.md §1: score descending, ties by document id
 * descending), but ranx re-sorts every query by score alone ({@code np.argsort} of the negated scores, not a stable
 * sort): documents with tied scores may rank in another order there, and a measure cut inside a tie can differ.
 */
public final class RanxExport {

    private static final JsonFactory JSON = new JsonFactory();

    private RanxExport() {
    }

    /** The run JSON of the lists {@code lists} gives to its sink (one per query, in the order given). */
    public static String run(Consumer<Consumer<RankedList>> lists) {
        return write(json -> lists.accept(list -> {
            try {
                json.writeObjectFieldStart(list.queryId());
                for (int i = 0; i < list.size(); i++) {
                    double score = list.scores()[i];
                    if (!Double.isFinite(score)) {
                        throw new IllegalArgumentException("query '" + list.queryId() + "' document '" + list.docIds()[i]
                                + "': score " + score + " cannot be written as ranx JSON (a JSON number is finite)");
                    }
                    json.writeNumberField(list.docIds()[i], score);
                }
                json.writeEndObject();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }));
    }

    /** The qrels JSON: every judgment with its grade, queries and documents in the qrels' order. */
    public static String qrels(Qrels qrels) {
        return write(json -> {
            try {
                for (Map.Entry<String, Map<String, Integer>> query : qrels.asMap().entrySet()) {
                    json.writeObjectFieldStart(query.getKey());
                    for (Map.Entry<String, Integer> judgment : query.getValue().entrySet()) {
                        json.writeNumberField(judgment.getKey(), judgment.getValue());
                    }
                    json.writeEndObject();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    private static String write(Consumer<JsonGenerator> body) {
        StringWriter out = new StringWriter();
        try (JsonGenerator json = JSON.createGenerator(out)) {
            json.writeStartObject();
            body.accept(json);
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write ranx JSON: " + e.getMessage(), e);
        }
        return out.append('\n').toString();
    }
}
