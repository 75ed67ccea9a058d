package io.clirbench.encoders.remote;

import io.clirbench.encoders.ModelCard;
import io.clirbench.encoders.ModelCardException;
import io.clirbench.encoders.ModelFiles;
import io.clirbench.encoders.RemoteEndpoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The bearer token of a served endpoint, read once when the model loads from the card's {@code endpoint.tokenFile}
 * (relative to the card) or the variable {@code endpoint.tokenEnv} (a Kubernetes Secret). Its value appears in no
 * message, log line or {@link #toString()}: errors name the file or variable only, and {@link #scrub} removes it
 * from text an endpoint sent back.
 */
public final class BearerToken {

    static final BearerToken NONE = new BearerToken(null);

    private final String value;

    private BearerToken(String value) {
        this.value = value;
    }

    /** The card's token, {@link #NONE} when the card names neither a file nor a variable. */
    public static BearerToken of(ModelCard card, Map<String, String> environment) {
        RemoteEndpoint endpoint = card.endpoint();
        if (endpoint.tokenFile() != null) {
            Path file = ModelFiles.file(endpoint.tokenFile(), card.source());
            String read;
            try {
                read = file == null ? null : Files.readString(file, StandardCharsets.UTF_8).strip();
            } catch (IOException e) {
                throw new ModelCardException(card.source() + ": field 'endpoint.tokenFile' (" + file + ") cannot be read ("
                        + e.getClass().getSimpleName() + ")", null);
            }
            if (read == null || read.isEmpty()) {
                throw new ModelCardException(card.source() + ": field 'endpoint.tokenFile' (" + endpoint.tokenFile()
                        + ") is empty or not a file", null);
            }
            return new BearerToken(read);
        }
        if (endpoint.tokenEnv() != null) {
            String read = environment.get(endpoint.tokenEnv());
            if (read == null || read.isBlank()) {
                throw new ModelCardException(card.source() + ": field 'endpoint.tokenEnv': the variable "
                        + endpoint.tokenEnv() + " is not set or empty", null);
            }
            return new BearerToken(read.strip());
        }
        return NONE;
    }

    boolean present() {
        return value != null;
    }

    /** The {@code Authorization} header's value. */
    String header() {
        return "Bearer " + value;
    }

    /** {@code text} with every occurrence of the token replaced by {@code ***}. */
    String scrub(String text) {
        return value == null || text == null ? text : text.replace(value, "***");
    }

    @Override
    public String toString() {
        return value == null ? "no token" : "a bearer token (not shown)";
    }
}
