package io.clirbench.core.qa.importer;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.io.StrictText;
import io.clirbench.core.qa.format.QaJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The records of an input file, each with the line it starts on: a JSON array of objects (HotpotQA's
 * official files, streamed) or JSON lines (Hugging Face and Hub exports). Plain or gzipped.
 */
final class JsonRecords {

    /** Receives one record. */
    @FunctionalInterface
    interface Sink {
        void record(JsonNode node, int line);
    }

    private JsonRecords() {
    }

    static void forEach(Path file, Problems problems, Sink sink) {
        String name = file.getFileName().toString();
        boolean array;
        try (InputStream in = LineReader.open(file)) {
            int c;
            do {
                c = in.read();
            } while (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == 0xEF || c == 0xBB || c == 0xBF);
            array = c == '[';
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (!array) {
            LineReader.forEachLine(file, problems, (line, text) -> {
                if (!text.isBlank()) {
                    JsonNode node = JsonValues.parse(text, name, line, problems);
                    if (node != null) {
                        sink.record(node, line);
                    }
                }
            });
            return;
        }
        // Jackson reading the bytes itself would take an overlong form (C0 AF) for '/': it reads strictly decoded text
        try (InputStream in = LineReader.open(file); JsonParser parser = QaJson.MAPPER.createParser(StrictText.reader(in))) {
            parser.nextToken();
            while (parser.nextToken() != JsonToken.END_ARRAY) {
                int line = parser.currentTokenLocation().getLineNr();
                JsonNode node = QaJson.MAPPER.readTree(parser);
                String lone = StrictText.loneSurrogate(node);
                if (lone != null) {
                    problems.add(name, line, lone);
                    return;
                }
                sink.record(node, line);
            }
        } catch (StrictText.InvalidUtf8Exception e) {
            problems.add(name, e.line(), e.problem());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            if (e.getCause() instanceof StrictText.InvalidUtf8Exception bad) {
                problems.add(name, bad.line(), bad.problem());
                return;
            }
            problems.add(name, e.getLocation() == null ? 0 : e.getLocation().getLineNr(), "malformed JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
