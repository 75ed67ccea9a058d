package io.clirbench.gateway.qa;

import io.clirbench.core.qa.format.PredictionReader;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Uploaded prediction files (a user's own reader), stored as {@code DATA_DIR/qa-predictions/NAME.jsonl} once
 * they parse as XHotpotQA JSONL with both sides given for every id; a run names one as {@code predictions:NAME}.
 */
@ApplicationScoped
public class PredictionUploads {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._\\-]{0,199}");

    private final Path dir;

    PredictionUploads(GatewayConfig config) {
        this.dir = Path.of(config.dataDir()).toAbsolutePath().resolve("qa-predictions");
    }

    /** Validates and stores an upload (replacing one of the same name); returns how many predictions it holds. */
    public int store(String name, InputStream body) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw RequestRejectedException.invalid("prediction upload name '" + name + "': letters, digits, '.', '_', '-'",
                    List.of(new InvalidField("name", name, "letters, digits, '.', '_', '-'")));
        }
        try {
            Files.createDirectories(dir);
            Path tmp = Files.createTempFile(dir, name, ".upload.jsonl");
            try {
                Files.copy(body, tmp, StandardCopyOption.REPLACE_EXISTING);
                Map<String, QaPrediction> read = validated(tmp, name);
                Files.move(tmp, file(name), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                return read.size();
            } finally {
                Files.deleteIfExists(tmp);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot store prediction upload '" + name + "': " + e.getMessage(), e);
        }
    }

    /** The predictions of an upload, by instance id; empty when there is none of that name. */
    public Optional<Map<String, QaPrediction>> read(String name) {
        Path f = file(name);
        return Files.isRegularFile(f) ? Optional.of(validated(f, name)) : Optional.empty();
    }

    public boolean exists(String name) {
        return NAME.matcher(name).matches() && Files.isRegularFile(file(name));
    }

    private Path file(String name) {
        return dir.resolve(name + ".jsonl");
    }

    private static Map<String, QaPrediction> validated(Path file, String name) {
        PredictionReader.Predictions p;
        try {
            p = PredictionReader.read(file);
        } catch (RuntimeException e) {
            throw RequestRejectedException.invalid("prediction upload '" + name + "': " + e.getMessage(),
                    List.of(new InvalidField("body", name, e.getMessage())));
        }
        if (p.format() != PredictionReader.Format.XHOTPOTQA_JSONL) {
            throw RequestRejectedException.invalid("prediction upload '" + name + "': only XHotpotQA JSONL is accepted on the platform"
                    + " (convert HotpotQA JSON with bench qa import)", List.of(new InvalidField("body", name, "not XHotpotQA JSONL")));
        }
        for (QaPrediction x : p.byId().values()) {
            if (x.answer() == null || x.support() == null) {
                throw RequestRejectedException.invalid("prediction upload '" + name + "': id '" + x.id() + "' lacks "
                        + (x.answer() == null ? "answer" : "supporting_facts"), List.of(new InvalidField("body", x.id(), "side missing")));
            }
        }
        return p.byId();
    }
}
