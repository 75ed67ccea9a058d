package io.clirbench.core.qa.format;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a QA dataset: {@code dataset.json} and {@code instances.jsonl.gz}, one canonical record per line
 * with the fields in schema order. The output depends only on the instances (gzip without a timestamp),
 * so a rebuild is byte-for-byte identical. Each file is written to a temporary sibling and moved into place.
 */
public final class QaDatasetWriter {

    private static final DefaultPrettyPrinter PRETTY = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"))
            .withArrayIndenter(new DefaultIndenter("  ", "\n"));

    private QaDatasetWriter() {
    }

    /** Writes both files into {@code dir} (created when needed), replacing those two files only. */
    public static void write(QaDatasetInfo info, List<QaInstance> instances, Path dir) {
        try {
            writeInfo(info, dir);
            atomically(dir.resolve("instances.jsonl.gz"), raw -> {
                try (GZIPOutputStream gz = new GZIPOutputStream(raw, 1 << 16)) {
                    for (QaInstance instance : instances) {
                        gz.write(line(instance).getBytes(StandardCharsets.UTF_8));
                    }
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Writes {@code dataset.json} alone into {@code dir} (created when needed). */
    public static void writeInfo(QaDatasetInfo info, Path dir) throws IOException {
        Files.createDirectories(dir);
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("id", info.id());
        fields.put("kind", QaDatasetInfo.KIND);
        fields.put("name", info.name());
        fields.put("version", info.version());
        fields.put("license", info.license());
        fields.put("source", info.source());
        fields.put("languages", info.languages());
        byte[] json = (QaJson.MAPPER.writer(PRETTY).writeValueAsString(fields) + "\n").getBytes(StandardCharsets.UTF_8);
        atomically(dir.resolve("dataset.json"), out -> out.write(json));
    }

    /** One canonical JSON line (with its newline). */
    public static String line(QaInstance i) {
        try {
            return QaJson.MAPPER.writeValueAsString(toJson(i)) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The canonical record as a JSON tree, fields in schema order. */
    public static ObjectNode toJson(QaInstance i) {
        ObjectNode o = QaJson.MAPPER.createObjectNode();
        o.put("id", i.id());
        o.put("source_id", i.sourceId());
        o.put("source_split", i.sourceSplit());
        o.put("question_type", i.questionType());
        o.put("difficulty", i.difficulty());
        o.put("question", i.question());
        o.put("answer", i.answer());
        o.put("question_language", i.questionLanguage());
        o.put("answer_language", i.answerLanguage());
        ArrayNode candidates = o.putArray("candidates");
        for (Candidate c : i.candidates()) {
            ObjectNode n = candidates.addObject();
            n.put("id", c.id());
            n.put("title", c.title());
            ArrayNode sentences = n.putArray("sentences");
            c.sentences().forEach(sentences::add);
            n.put("language", c.language());
            n.put("source_title", c.sourceTitle());
            if (c.sourceSentences() == null) {
                n.putNull("source_sentences");
            } else {
                ArrayNode source = n.putArray("source_sentences");
                c.sourceSentences().forEach(source::add);
            }
        }
        ArrayNode facts = o.putArray("supporting_facts");
        for (SupportingFact f : i.supportingFacts()) {
            ObjectNode n = facts.addObject();
            n.put("paragraph_id", f.paragraphId());
            n.put("sentence_id", f.sentenceId());
            n.put("role", f.role());
        }
        o.put("status", i.status());
        JsonNode provenance = QaJson.MAPPER.valueToTree(i.provenance());
        o.set("provenance", provenance);
        return o;
    }

    /** Output that is written to a temporary file and moved over the target when complete. */
    @FunctionalInterface
    public interface Output {
        void write(OutputStream out) throws IOException;
    }

    /** Writes {@code file} through a temporary sibling, so that a failure leaves the old file in place. */
    public static void atomically(Path file, Output output) throws IOException {
        Path tmp = Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName(), ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                output.write(out);
            }
            if (Files.getFileStore(tmp).supportsFileAttributeView("posix")) {
                // a temporary file is private (rw-------); a dataset file is for everyone to read
                Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
