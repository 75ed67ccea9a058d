package io.clirbench.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The clirbench version, read from the build's filtered {@code version.properties}. */
public final class Version {

    private Version() {
    }

    /** The project version this bench-core was built as, e.g. {@code 0.1.0-SNAPSHOT}. */
    public static String current() {
        try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read version.properties", e);
        }
    }
}
