package io.clirbench.cli;

import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.NoSuchFileException;

/** Turns an exception into the one message a user needs (the cause's own message names file, line and value). */
public final class InputErrors {

    private InputErrors() {
    }

    public static String describe(Exception e) {
        Throwable cause = e instanceof UncheckedIOException u ? u.getCause() : e;
        if (cause instanceof NoSuchFileException missing) {
            return "no such file: " + missing.getFile();
        }
        if (cause instanceof AccessDeniedException denied) {
            return "permission denied: " + denied.getFile();
        }
        String message = e.getMessage();
        if (message == null || message.isBlank()) {
            return e.getClass().getSimpleName() + " (a bug: please report it with the command line)";
        }
        return message;
    }
}
