package io.clirbench.core.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;

/**
 * The checks before a command writes a user's output (issue 45: {@code bench qa export --force} replaced its own input
 * and wrote through a symbolic link): the output must not be one of the command's inputs, and neither the output nor
 * a file in it that the command replaces may be a symbolic link unless the user asked for that. Refused with an
 * {@link IllegalArgumentException} that names both paths and the option.
 */
public final class OutputTarget {

    private OutputTarget() {
    }

    /**
     * Checks {@code out} (a file or a directory, existing or not) before anything is written.
     *
     * @param inputs      what the command reads: {@code out} may be none of them (compared as files, so a second path to
     *                    the same file or directory, a link or {@code ..}, is caught too)
     * @param replaced    the paths the command will create or replace (inside {@code out} for a directory)
     * @param followLinks whether the user asked to write through symbolic links
     * @param linkOption  the option that asks for it, for the message
     */
    public static void check(Path out, Collection<Path> inputs, Collection<Path> replaced, boolean followLinks,
                             String linkOption) {
        for (Path input : inputs) {
            if (sameFile(out, input)) {
                throw new IllegalArgumentException("the output " + out + " is the input " + input
                        + ": writing it would replace what is being read; choose another output");
            }
        }
        if (followLinks) {
            return;
        }
        refuseLink(out, out, linkOption);
        for (Path p : replaced) {
            refuseLink(p, out, linkOption);
        }
    }

    /**
     * Checks {@code out}, a directory that a command replaces whole (a build: written beside, then swapped in, the old one
     * deleted), before anything is read or written: it may not be any of {@code inputs}, hold one (it would be deleted with
     * the old output) or lie inside one (it would be read as part of it), compared by real paths, so that a link or
     * {@code ..} is seen through; and it may not be a symbolic link (the swap would replace the link, not what it leads to).
     *
     * @param inputs the command's inputs, each with the option that names it ({@code --dataset})
     */
    public static void checkReplacedDirectory(Path out, String outOption, java.util.Map<String, Path> inputs) {
        if (Files.isSymbolicLink(out)) {
            throw new IllegalArgumentException(outOption + " " + out + " is a symbolic link: the build replaces its output directory "
                    + "whole, so it would replace the link, not what it leads to; give the directory itself");
        }
        Path realOut = real(out);
        for (var input : inputs.entrySet()) {
            if (!Files.exists(input.getValue())) {
                continue;
            }
            Path realIn = real(input.getValue());
            String relation = realOut.equals(realIn) ? "is" : realIn.startsWith(realOut) ? "holds" : realOut.startsWith(realIn)
                    ? "is inside" : null;
            if (relation != null) {
                throw new IllegalArgumentException(outOption + " " + out + " " + relation + " " + input.getKey() + " "
                        + input.getValue() + ": the build replaces its output directory whole, which would "
                        + (relation.equals("is inside") ? "write into" : "delete") + " its input; choose another output");
            }
        }
    }

    /** The real path of {@code p}, or of its deepest existing ancestor with the rest appended (an output not made yet). */
    private static Path real(Path p) {
        Path abs = p.toAbsolutePath().normalize();
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        try {
            return existing == null ? abs : existing.toRealPath().resolve(existing.relativize(abs));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot resolve " + p + ": " + e.getMessage(), e);
        }
    }

    private static void refuseLink(Path p, Path out, String linkOption) {
        if (!Files.isSymbolicLink(p)) {
            return;
        }
        String target;
        try {
            target = Files.readSymbolicLink(p).toString();
        } catch (IOException e) {
            target = "?";
        }
        throw new IllegalArgumentException((p.equals(out) ? "the output " : "the output's ") + p + " is a symbolic link (to "
                + target + "): writing through it could replace a file elsewhere; give " + linkOption + " to write through it");
    }

    private static boolean sameFile(Path a, Path b) {
        if (!Files.exists(a) || !Files.exists(b)) {
            return false;
        }
        try {
            return Files.isSameFile(a, b);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot compare " + a + " with " + b + ": " + e.getMessage(), e);
        }
    }
}
