package io.clirbench.core.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The checks before a command writes a user's output (issue 45: {@code bench qa export --force} replaced its own input
 * and wrote through a symbolic link): neither the output nor a file in it that the command replaces may be one of the
 * command's inputs, and neither may be a symbolic link unless the user asked for that. Refused with an
 * {@link IllegalArgumentException} that names both paths and the option.
 */
public final class OutputTarget {

    private OutputTarget() {
    }

    /**
     * Checks {@code out} (a file or a directory, existing or not) before anything is written.
     *
     * @param inputs      what the command reads: neither {@code out} nor a path of {@code replaced} may be one of them
     *                    (compared as files, so a second path to the same file or directory, a link or {@code ..}, is
     *                    caught too)
     * @param replaced    the paths the command will create or replace (inside {@code out} for a directory)
     * @param followLinks whether the user asked to write through symbolic links
     * @param linkOption  the option that asks for it, for the message
     */
    public static void check(Path out, Collection<Path> inputs, Collection<Path> replaced, boolean followLinks,
                             String linkOption) {
        refuseInputs(out, inputs, replaced);
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

    /**
     * As {@link #check} for an output that is replaced as a whole (a directory moved aside and deleted once the new one
     * is in place): no input may lie inside it either, or replacing it would delete what was read.
     */
    public static void checkReplacedWhole(Path out, Collection<Path> inputs, boolean followLinks, String linkOption) {
        check(out, inputs, List.of(), followLinks, linkOption);
        Path root = realPath(out);
        if (root == null) {
            return;
        }
        for (Path input : inputs) {
            Path real = realPath(input);
            if (real != null && real.startsWith(root)) {
                throw new IllegalArgumentException("the output " + out + " holds the input " + input
                        + ": replacing it would delete what is being read; choose another output");
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

    private static void refuseInputs(Path out, Collection<Path> inputs, Collection<Path> replaced) {
        // one look at each path (a run directory can hold thousands of inputs): the written paths by file identity
        Map<Object, Path> written = new LinkedHashMap<>();
        for (Path p : replaced) {
            putIfExists(written, p);
        }
        putIfExists(written, out); // last: the output itself is named when a replaced path is the same file
        if (written.isEmpty()) {
            return;
        }
        for (Path input : inputs) {
            Object key = identity(input);
            Path same = key == null ? null : written.get(key);
            if (same != null) {
                throw new IllegalArgumentException((same == out ? "the output " : "the output's ") + same + " is the input "
                        + input + ": writing it would replace what is being read; choose another output");
            }
        }
    }

    private static void putIfExists(Map<Object, Path> written, Path p) {
        Object key = identity(p);
        if (key != null) {
            written.put(key, p);
        }
    }

    /** The file a path leads to (links followed): its file key (device and inode), else its real path; null if none. */
    private static Object identity(Path p) {
        try {
            Object key = Files.readAttributes(p, BasicFileAttributes.class).fileKey();
            return key != null ? key : p.toRealPath();
        } catch (IOException e) {
            return null; // missing or unreadable: not written over, and a read of it fails on its own
        }
    }

    private static Path realPath(Path p) {
        try {
            return p.toRealPath();
        } catch (IOException e) {
            return null;
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
}
