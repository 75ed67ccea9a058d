package io.clirbench.cli.construct;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.llm.step.BuildRecord;
import io.clirbench.core.dataset.DirectoryReplacer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The files of an LLM build's output, written at its end in one replacement of the output directory: the command's
 * own, then the ones every build has: {@code build-report.json} with the runner's {@code provenance} (per role the
 * model, the endpoint's reported models, the prompt files' hashes and decodings), {@code build-report.md} and
 * {@link BuildRecord#UNUSABLE_REPLIES} (every unusable reply, asked again or given up on, with its reason).
 */
final class BuildFiles {

    private final Map<String, String> files = new LinkedHashMap<>();

    /** Adds a file (relative name, UTF-8 text). */
    BuildFiles add(String name, String text) {
        files.put(name, text);
        return this;
    }

    /** Adds the report (with {@code record}'s provenance), its markdown and the unusable replies. */
    BuildFiles report(ObjectNode report, java.util.function.Function<ObjectNode, String> markdown, BuildRecord record) {
        report.set("provenance", record.provenance());
        files.put("build-report.json", report.toPrettyString() + "\n");
        files.put("build-report.md", markdown.apply(report));
        files.put(BuildRecord.UNUSABLE_REPLIES, record.unusableRepliesJsonl());
        return this;
    }

    /** The files as bytes, for a writer that replaces the directory itself. */
    Map<String, byte[]> bytes() {
        Map<String, byte[]> out = new LinkedHashMap<>();
        files.forEach((k, v) -> out.put(k, v.getBytes(StandardCharsets.UTF_8)));
        return out;
    }

    /** Writes the files into {@code dir} (a directory being filled). */
    void writeInto(Path dir) throws IOException {
        for (Map.Entry<String, String> e : files.entrySet()) {
            Files.writeString(dir.resolve(e.getKey()), e.getValue(), StandardCharsets.UTF_8);
        }
    }

    /** Replaces {@code out} with a directory of these files. */
    void replace(Path out) throws IOException {
        DirectoryReplacer.replace(out, true, this::writeInto);
    }
}
