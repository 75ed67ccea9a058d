package io.clirbench.encoders;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Opens the files a card names: {@code classpath:name} (the built-in catalogue ships them in
 * Maven jars) or a path, relative to the card's directory when the card is a file.
 */
public final class ModelFiles {

    public static final String CLASSPATH = "classpath:";

    private ModelFiles() {
    }

    /** Opens {@code location}, resolving a relative path against the directory of {@code card}. */
    public static InputStream open(String location, String card) throws IOException {
        if (card != null && card.startsWith(CLASSPATH) && !location.startsWith(CLASSPATH) && !Path.of(location).isAbsolute()) {
            // a relative name in a classpath card is a sibling resource
            int slash = card.lastIndexOf('/');
            location = (slash < 0 ? CLASSPATH : card.substring(0, slash + 1)) + location;
        }
        if (location.startsWith(CLASSPATH)) {
            String name = location.substring(CLASSPATH.length());
            name = name.startsWith("/") ? name.substring(1) : name;
            InputStream in = classLoader().getResourceAsStream(name);
            if (in == null) {
                throw new FileNotFoundException("no resource '" + name + "' on the classpath");
            }
            return in;
        }
        return Files.newInputStream(resolve(location, card));
    }

    /** The file behind {@code location}; null when it is a classpath resource. */
    public static Path file(String location, String card) {
        if (location.startsWith(CLASSPATH) || (card != null && card.startsWith(CLASSPATH) && !Path.of(location).isAbsolute())) {
            return null;
        }
        return resolve(location, card);
    }

    static Path resolve(String location, String card) {
        Path path = Path.of(location);
        if (path.isAbsolute() || card == null || card.startsWith(CLASSPATH)) {
            return path;
        }
        Path parent = Path.of(card).toAbsolutePath().getParent();
        return parent == null ? path : parent.resolve(path);
    }

    private static ClassLoader classLoader() {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return context != null ? context : ModelFiles.class.getClassLoader();
    }
}
