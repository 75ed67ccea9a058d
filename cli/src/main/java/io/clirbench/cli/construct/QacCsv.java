package io.clirbench.cli.construct;

import io.clirbench.core.construct.audit.AuditSample;
import io.clirbench.core.io.StrictText;
import io.clirbench.core.io.Csv;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A CSV read into rows keyed by header name (the first of a repeated name wins), with clear errors. */
final class QacCsv {

    private QacCsv() {
    }

    static List<AuditSample.Row> read(Path file, List<String> required) {
        String text;
        try (java.io.InputStream in = Files.newInputStream(file)) {
            text = StrictText.read(in);
        } catch (StrictText.InvalidUtf8Exception e) {
            throw new IllegalArgumentException(file + " " + e.getMessage(), e); // "qac.csv line 2: invalid UTF-8: ..."
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot read: " + e.getMessage(), e);
        }
        List<List<String>> rows;
        try {
            rows = Csv.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
        if (rows.isEmpty()) {
            throw new IllegalArgumentException(file + ": empty file: missing the header row");
        }
        List<String> header = rows.get(0);
        for (String r : required) {
            if (!header.contains(r)) {
                throw new IllegalArgumentException(file + ": line 1: missing column '" + r + "'");
            }
        }
        List<AuditSample.Row> out = new ArrayList<>();
        for (int i = 1; i < rows.size(); i++) {
            List<String> row = rows.get(i);
            if (row.size() == 1 && row.get(0).isBlank()) {
                continue;
            }
            if (row.size() != header.size()) {
                throw new IllegalArgumentException(file + ": data row " + i + ": expected " + header.size() + " columns, found " + row.size());
            }
            Map<String, String> cells = new LinkedHashMap<>();
            for (int c = 0; c < header.size(); c++) {
                cells.putIfAbsent(header.get(c), row.get(c));
            }
            out.add(new AuditSample.Row(i, cells));
        }
        return out;
    }
}
