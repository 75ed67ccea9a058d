package io.clirbench.gateway.config;

import io.quarkus.runtime.Startup;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.jboss.logging.Logger;

/**
 * Model id → embedder endpoints: {@code gateway.encoders."<id>".endpoints} merged with the files of
 * {@code gateway.encoders-dir} (file name = model id, content = comma-separated host:port; the directory
 * wins for the same id). Read once at start: a change needs a restart. Bad content fails the start.
 */
@Startup
@Singleton
public class EncoderEndpoints {

    private static final Logger LOG = Logger.getLogger(EncoderEndpoints.class);

    private final Map<String, List<String>> endpoints;

    EncoderEndpoints(GatewayConfig config) {
        Map<String, List<String>> fromProperties = new TreeMap<>();
        config.encoders().forEach((model, encoder) -> fromProperties.put(model, encoder.endpoints()));
        this.endpoints = merge(fromProperties, config.encodersDir());
    }

    /** Every configured model, sorted, with its endpoints. */
    public Map<String, List<String>> all() {
        return endpoints;
    }

    /** The endpoints of a model; empty when it is not configured. */
    public List<String> of(String modelId) {
        return endpoints.getOrDefault(modelId, List.of());
    }

    /** The properties' map with the directory's files on top (package-visible for the unit test). */
    static Map<String, List<String>> merge(Map<String, List<String>> fromProperties, Optional<Path> dir) {
        Map<String, List<String>> merged = new TreeMap<>(fromProperties);
        if (dir.isEmpty()) {
            return Map.copyOf(merged);
        }
        for (Map.Entry<String, List<String>> e : readDir(dir.get()).entrySet()) {
            List<String> old = merged.put(e.getKey(), e.getValue());
            if (old != null) {
                LOG.infof("encoder %s: endpoints %s from %s replace %s from properties", e.getKey(), e.getValue(), dir.get(), old);
            } else {
                LOG.infof("encoder %s: endpoints %s from %s", e.getKey(), e.getValue(), dir.get());
            }
        }
        return Map.copyOf(merged);
    }

    /**
     * The regular files of a directory, skipping hidden names: a mounted ConfigMap holds its keys as
     * symlinks to "..data/KEY" next to the "..data" and "..2024_..." entries, which start with a dot.
     */
    static Map<String, List<String>> readDir(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("gateway.encoders-dir " + dir + " is not a directory");
        }
        Map<String, List<String>> out = new TreeMap<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                String model = f.getFileName().toString();
                if (model.startsWith(".") || !Files.isRegularFile(f)) {
                    continue;
                }
                out.put(model, parse(f, Files.readString(f, StandardCharsets.UTF_8)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read gateway.encoders-dir " + dir, e);
        }
        return out;
    }

    /** "host:port, host:port" → the list; empty content, an empty entry or a bad port fail naming the file. */
    static List<String> parse(Path file, String content) {
        List<String> out = new ArrayList<>();
        for (String raw : content.split(",", -1)) {
            String endpoint = raw.strip();
            int colon = endpoint.lastIndexOf(':');
            String port = colon < 0 ? "" : endpoint.substring(colon + 1);
            if (colon <= 0 || !port.matches("\\d{1,5}") || Integer.parseInt(port) > 65535) {
                throw new IllegalStateException("encoder file " + file + ": '" + endpoint + "' in '" + content.strip()
                        + "' is not host:port (comma-separated host:port of the model's embedders)");
            }
            out.add(endpoint);
        }
        return List.copyOf(out);
    }
}
