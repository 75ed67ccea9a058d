package io.clirbench.cli.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code stack.json}: the processes {@code bench up} started (name, PID, port, start instant,
 * log), so that {@code bench down} stops exactly those and nothing else.
 */
public record StackState(String gatewayUrl, List<Entry> processes) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * One started process; {@code startInstant} tells a live process from a later one that reused its PID;
     * {@code command} and {@code ready} (its readiness URL or {@code log:LINE}) let {@code bench restart} start it
     * again as it was (empty in a file written before they were recorded).
     */
    public record Entry(String name, long pid, int port, String startInstant, String log, List<String> command, String ready) {

        public Entry {
            command = command == null ? List.of() : List.copyOf(command);
            ready = ready == null ? "" : ready;
        }

        public Entry(String name, long pid, int port, String startInstant, String log) {
            this(name, pid, port, startInstant, log, List.of(), "");
        }
    }

    public static Optional<StackState> read(Path file) {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            JsonNode root = JSON.readTree(file.toFile());
            List<Entry> entries = new ArrayList<>();
            for (JsonNode p : root.path("processes")) {
                List<String> command = new ArrayList<>();
                p.path("command").forEach(a -> command.add(a.asText()));
                entries.add(new Entry(p.path("name").asText(), p.path("pid").asLong(), p.path("port").asInt(),
                        p.path("startInstant").asText(""), p.path("log").asText(""), command, p.path("ready").asText("")));
            }
            return Optional.of(new StackState(root.path("gatewayUrl").asText(), entries));
        } catch (IOException e) {
            throw new StackException(file + " is unreadable (" + e.getMessage() + "); stop the processes by hand and delete it");
        }
    }

    public void write(Path file) {
        ObjectNode root = JSON.createObjectNode();
        root.put("gatewayUrl", gatewayUrl);
        ArrayNode list = root.putArray("processes");
        for (Entry e : processes) {
            ObjectNode entry = list.addObject().put("name", e.name()).put("pid", e.pid()).put("port", e.port())
                    .put("startInstant", e.startInstant()).put("log", e.log()).put("ready", e.ready());
            e.command().forEach(entry.putArray("command")::add);
        }
        try {
            Files.createDirectories(file.getParent());
            Path partial = file.resolveSibling(file.getFileName() + ".partial");
            JSON.writerWithDefaultPrettyPrinter().writeValue(partial.toFile(), root);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new StackException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Whether a stack recorded in this file still has a live process. */
    public static boolean running(Path file) {
        return read(file).map(state -> state.processes().stream().anyMatch(e -> live(e).isPresent())).orElse(false);
    }

    /** The process of this entry if it is still the one that was started. */
    public static Optional<ProcessHandle> live(Entry entry) {
        return ProcessHandle.of(entry.pid())
                .filter(ProcessHandle::isAlive)
                .filter(h -> entry.startInstant().isEmpty()
                        || h.info().startInstant().map(i -> i.toString().equals(entry.startInstant())).orElse(true));
    }
}
