package io.clirbench.cli.construct;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a build's JSONL output back (judgements of an earlier build), line by line, blank lines skipped. */
final class BuildJsonl {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One non-blank line: its 1-based number and its object. */
    @FunctionalInterface
    interface Line {
        void accept(int number, JsonNode object);
    }

    private BuildJsonl() {
    }

    static void forEach(Path file, Line line) throws IOException {
        int n = 0;
        for (String text : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            n++;
            if (!text.isBlank()) {
                line.accept(n, JSON.readTree(text));
            }
        }
    }
}
