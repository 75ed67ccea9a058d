package io.clirbench.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The response cache, which is also the build's resume state: one JSON line per paid call ({@code key}, {@code model},
 * {@code content}, {@code prompt_tokens}, {@code completion_tokens}, and {@code finish_reason} and {@code reported_model}
 * where the server gave them), appended and forced to disk before the reply is
 * used. A build killed at any point and started again finds every answered call here and pays for none of them twice;
 * the one call that can be paid twice is one whose reply arrived but was not yet written when the process died.
 *
 * <p>Opening tolerates exactly what a kill can leave: a last line without its newline is dropped and cut off the file.
 * Any other unreadable line is an error naming the file and line (the journal was edited or damaged; nothing is
 * discarded silently).
 */
public final class CallJournal implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** One journaled call. */
    public record Entry(String key, String model, LlmReply reply) {
    }

    private final Path file;
    private final FileChannel channel;
    private final Map<String, Entry> byKey = new HashMap<>();
    private final List<Entry> entries = new ArrayList<>();

    private CallJournal(Path file) throws IOException {
        this.file = file;
        Files.createDirectories(file.toAbsolutePath().getParent());
        this.channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
        load();
    }

    /** Opens (creating it when absent) the journal file. */
    public static CallJournal open(Path file) {
        try {
            return new CallJournal(file);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot open the call journal: " + e.getMessage(), e);
        }
    }

    private void load() throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        int start = 0;
        int line = 0;
        while (start < bytes.length) {
            int end = start;
            while (end < bytes.length && bytes[end] != '\n') {
                end++;
            }
            if (end == bytes.length) {
                channel.truncate(start); // a kill mid-write: the call was not journaled, so it is asked again
                break;
            }
            line++;
            String text = new String(bytes, start, end - start, StandardCharsets.UTF_8);
            add(parse(text, line));
            start = end + 1;
        }
        channel.position(channel.size());
    }

    private Entry parse(String text, int line) {
        try {
            JsonNode o = JSON.readTree(text);
            if (o != null && o.path("key").isTextual() && o.path("model").isTextual() && o.path("content").isTextual()) {
                return new Entry(o.get("key").asText(), o.get("model").asText(), new LlmReply(o.get("content").asText(),
                        o.path("prompt_tokens").asLong(0), o.path("completion_tokens").asLong(0), o.path("finish_reason").asText(""),
                        o.path("reported_model").asText("")));
            }
        } catch (IOException | IllegalArgumentException e) {
            // reported below
        }
        throw new IllegalArgumentException(file + ":" + line + ": not a call-journal line (key, model, content): '"
                + (text.length() > 120 ? text.substring(0, 120) + "..." : text) + "'");
    }

    private void add(Entry e) {
        if (byKey.putIfAbsent(e.key(), e) == null) {
            entries.add(e);
        }
    }

    public synchronized Optional<LlmReply> find(String key) {
        Entry e = byKey.get(key);
        return e == null ? Optional.empty() : Optional.of(e.reply());
    }

    /** Appends and forces one call to disk. */
    public synchronized void record(String key, String model, LlmReply reply) {
        if (byKey.containsKey(key)) {
            return;
        }
        ObjectNode o = JSON.createObjectNode().put("key", key).put("model", model).put("content", reply.content())
                .put("prompt_tokens", reply.promptTokens()).put("completion_tokens", reply.completionTokens());
        if (!reply.finishReason().isEmpty()) {
            o.put("finish_reason", reply.finishReason());
        }
        if (!reply.reportedModel().isEmpty()) {
            o.put("reported_model", reply.reportedModel());
        }
        try {
            ByteBuffer buf = ByteBuffer.wrap((JSON.writeValueAsString(o) + "\n").getBytes(StandardCharsets.UTF_8));
            while (buf.hasRemaining()) {
                channel.write(buf);
            }
            channel.force(false);
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": cannot append to the call journal: " + e.getMessage(), e);
        }
        add(new Entry(key, model, reply));
    }

    /** Every journaled call, in the order first written. */
    public synchronized List<Entry> entries() {
        return List.copyOf(entries);
    }

    public Path file() {
        return file;
    }

    @Override
    public synchronized void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
