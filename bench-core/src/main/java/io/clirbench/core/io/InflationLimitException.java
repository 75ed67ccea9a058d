package io.clirbench.core.io;

import java.io.IOException;

/**
 * A gzip file inflates past a limit of {@link InputLimits} ({@link BoundedInflation}). An
 * IOException, so it takes the path of any unreadable file: each reader prefixes the file name.
 */
public class InflationLimitException extends IOException {

    public InflationLimitException(String message) {
        super(message);
    }
}
