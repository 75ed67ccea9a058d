package io.clirbench.core.run;

import io.clirbench.core.model.Qrels;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads a TREC qrels file ({@code qid iter docid rel}, plain or gzip; the second column is
 * ignored, so "0" and "Q0" both work). A repeated (query, document) pair keeps its last grade.
 */
public final class TrecQrelsReader {

    private TrecQrelsReader() {
    }

    /** The judgments, queries and documents in file order. */
    public static Qrels read(Path file) {
        Map<String, Map<String, Integer>> judgments = new LinkedHashMap<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(RunFiles.open(file), StandardCharsets.UTF_8), 1 << 16)) {
            long lineNumber = 0;
            for (String line; (line = in.readLine()) != null; ) {
                lineNumber++;
                String trimmed = line.strip();
                if (trimmed.isEmpty()) {
                    continue;
                }
                String[] f = trimmed.split("\\s+");
                if (f.length != 4) {
                    throw new RunFormatException(file.toString(), lineNumber,
                            "expected 4 columns (qid iter docid rel) but found " + f.length + ": '" + trimmed + "'");
                }
                int grade;
                try {
                    grade = Integer.parseInt(f[3]);
                } catch (NumberFormatException e) {
                    throw new RunFormatException(file.toString(), lineNumber, "relevance '" + f[3] + "' is not an integer");
                }
                judgments.computeIfAbsent(f[0], q -> new LinkedHashMap<>()).put(f[2], grade);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
        return Qrels.of(judgments);
    }
}
