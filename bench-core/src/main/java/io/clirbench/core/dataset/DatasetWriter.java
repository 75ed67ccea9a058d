package io.clirbench.core.dataset;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a dataset in the clirbench layout: {@code dataset.json} (pretty-printed) and gzipped
 * {@code corpus.jsonl.gz}, {@code queries.jsonl.gz}, {@code qrels.tsv.gz}. The output is
 * byte-for-byte deterministic (no gzip timestamp, entities in dataset order), so a generated
 * dataset can be committed and checked against a fresh import.
 */
public final class DatasetWriter {

    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            // "\n", not the platform line separator: the bytes must not depend on the OS
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private DatasetWriter() {
    }

    /**
     * Writes the dataset into {@code dir}, replacing it atomically (see {@link DirectoryReplacer}).
     *
     * @param overwrite whether an existing non-empty {@code dir} may be replaced
     */
    public static void write(Dataset dataset, Path dir, boolean overwrite) {
        write(dataset, dir, overwrite, Map.of());
    }

    /**
     * As {@link #write(Dataset, Path, boolean)}, adding files (a LICENSE, a README) to the
     * directory in the same atomic step, so that they cannot be lost by a regeneration.
     */
    public static void write(Dataset dataset, Path dir, boolean overwrite, Map<String, byte[]> extraFiles) {
        checkReadable(dataset);
        DirectoryReplacer.replace(dir, overwrite, tmp -> {
            Files.writeString(tmp.resolve("dataset.json"), infoJson(dataset.info()), StandardCharsets.UTF_8);
            writeGzip(tmp.resolve("corpus.jsonl.gz"), out -> {
                for (Document d : dataset.corpus()) {
                    out.write(JsonValues.MAPPER.writeValueAsString(documentFields(d)));
                    out.write('\n');
                }
            });
            writeGzip(tmp.resolve("queries.jsonl.gz"), out -> {
                for (Query q : dataset.queries()) {
                    out.write(JsonValues.MAPPER.writeValueAsString(queryFields(q)));
                    out.write('\n');
                }
            });
            writeGzip(tmp.resolve("qrels.tsv.gz"), out -> {
                out.write(QrelsTsv.HEADER);
                out.write('\n');
                for (var query : dataset.qrels().asMap().entrySet()) {
                    for (var judgment : query.getValue().entrySet()) {
                        out.write(query.getKey() + '\t' + judgment.getKey() + '\t' + judgment.getValue() + '\n');
                    }
                }
            });
            for (var extra : extraFiles.entrySet()) {
                Files.write(tmp.resolve(extra.getKey()), extra.getValue());
            }
        });
    }

    /** The pretty-printed {@code dataset.json} text, fields in a fixed order, ending with a newline. */
    public static String infoJson(DatasetInfo info) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("id", info.id());
        putIfNotNull(fields, "name", info.name());
        putIfNotNull(fields, "version", info.version());
        putIfNotNull(fields, "license", info.license());
        putIfNotNull(fields, "source", info.source());
        fields.put("languages", info.languages());
        fields.put("familyExpansion", info.familyExpansion());
        info.extra().forEach((name, json) -> fields.put(name, JsonValues.parseKnown(json)));
        try {
            return JsonValues.MAPPER.writer(PRETTY).writeValueAsString(fields) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise dataset.json", e);
        }
    }

    private static Map<String, Object> documentFields(Document d) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("_id", d.id());
        putIfNotNull(fields, "title", d.title());
        fields.put("text", d.text());
        fields.put("lang", d.lang());
        fields.put("family", d.family());
        fields.putAll(d.metadata());
        return fields;
    }

    private static Map<String, Object> queryFields(Query q) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("_id", q.id());
        fields.put("text", q.text());
        fields.put("lang", q.lang());
        // a family equal to the id is what the reader defaults to: writing it would be noise
        if (!q.family().equals(q.id())) {
            fields.put("family", q.family());
        }
        fields.putAll(q.metadata());
        return fields;
    }

    private static void putIfNotNull(Map<String, Object> fields, String key, Object value) {
        if (value != null) {
            fields.put(key, value);
        }
    }

    // what a reader would refuse: the descriptor's id and field lengths; and metadata named like a fixed field, which would
    // overwrite it on write and change the data on read
    private static void checkReadable(Dataset dataset) {
        String info = DatasetInfoReader.problem(dataset.info());
        if (info != null) {
            throw new IllegalArgumentException("dataset.json: " + info);
        }
        for (Document d : dataset.corpus()) {
            for (String key : new String[] {"_id", "title", "text", "lang", "family"}) {
                if (d.metadata().containsKey(key)) {
                    throw new IllegalArgumentException("document '" + d.id() + "': metadata field '" + key + "' is reserved");
                }
            }
        }
        for (Query q : dataset.queries()) {
            for (String key : new String[] {"_id", "text", "lang", "family"}) {
                if (q.metadata().containsKey(key)) {
                    throw new IllegalArgumentException("query '" + q.id() + "': metadata field '" + key + "' is reserved");
                }
            }
        }
    }

    private interface Body {
        void write(Writer out) throws IOException;
    }

    private static void writeGzip(Path file, Body body) throws IOException {
        // Java's GZIPOutputStream writes a zero modification time and no file name: deterministic
        try (OutputStream raw = Files.newOutputStream(file);
             Writer out = new BufferedWriter(new OutputStreamWriter(
                     new GZIPOutputStream(raw, 1 << 16), StandardCharsets.UTF_8), 1 << 16)) {
            body.write(out);
        }
    }
}
