package io.clirbench.gateway.dataset;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.LinkFreeTree;
import io.clirbench.core.io.InputLimits;
import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The directories a dataset may be registered from ({@code gateway.datasets.roots}). A path given
 * by a caller is checked here before anything is read: a valid absolute path, under a root by its
 * text and again after every symbolic link is resolved (so neither {@code ..} nor a link leaves a
 * root), a directory holding no symbolic link (at any depth), FIFO, device or socket. A stored location (a
 * registered dataset, QA dataset or agent task) is checked again by {@link #checkStored} before every read of its
 * files: a link placed after registration is refused before anything is opened. Errors never name a path outside a root.
 */
@ApplicationScoped
public class DatasetRoots {

    private final List<Path> roots;
    /** Where uploads are stored ({@code <data-dir>/datasets}, {@code <data-dir>/qa-datasets}): read like roots. */
    private final List<Path> stores;

    @Inject
    DatasetRoots(GatewayConfig config) {
        this(config.datasets().roots().orElse(List.of())
                .stream().filter(r -> !r.isBlank()).map(String::strip).toList(), Path.of(config.dataDir()));
    }

    /** Roots from their texts (relative ones against the working directory); none: {@code <dataDir>/datasets}. */
    public DatasetRoots(List<String> roots, Path dataDir) {
        List<String> given = roots.isEmpty() ? List.of(dataDir.resolve("datasets").toString()) : roots;
        List<Path> real = new ArrayList<>();
        for (String root : given) {
            Path path = Path.of(root).toAbsolutePath().normalize();
            try {
                Files.createDirectories(path);
                real.add(path.toRealPath());
            } catch (IOException e) {
                throw new UncheckedIOException("dataset root " + path + " cannot be used: " + e.getMessage(), e);
            }
        }
        this.roots = List.copyOf(real);
        this.stores = List.of(realDirectory(dataDir.resolve("datasets")), realDirectory(dataDir.resolve("qa-datasets")));
    }

    private static Path realDirectory(Path dir) {
        Path path = dir.toAbsolutePath().normalize();
        try {
            return Files.createDirectories(path).toRealPath();
        } catch (IOException e) {
            throw new UncheckedIOException("data directory " + path + " cannot be used: " + e.getMessage(), e);
        }
    }

    /** The roots, as real paths. */
    public List<Path> roots() {
        return roots;
    }

    /**
     * {@code text} with every root written out as a path replaced by the path relative to it ({@code ROOT/xquad/dataset.json}
     * reads {@code xquad/dataset.json}, the root itself {@code .}): what an error shows a caller of a dataset under a root.
     */
    public String hide(String text) {
        if (text == null) {
            return null;
        }
        String out = text;
        // the longest first: a root inside another is cut by its own name
        for (Path root : roots.stream().sorted(Comparator.comparingInt((Path p) -> p.toString().length()).reversed()).toList()) {
            String r = root.toString();
            out = out.replace(r + root.getFileSystem().getSeparator(), "")
                    .replaceAll(Pattern.quote(r) + "(?![\\w.-])", ".");
        }
        return out;
    }

    /** The real path of the dataset directory named by {@code given}; refuses it (field {@code path}) otherwise. */
    public Path resolve(String given) {
        return resolve(given, "path");
    }

    /** As {@link #resolve(String)}, naming {@code field} in the rejection. */
    public Path resolve(String given, String field) {
        try {
            return check(given);
        } catch (RequestRejectedException e) {
            if ("path".equals(field)) {
                throw e;
            }
            throw RequestRejectedException.invalid(e.getMessage().replaceFirst("^'path'", "'" + field + "'"),
                    e.fields().stream().map(f -> new InvalidField(field, f.value(), f.message())).toList());
        }
    }

    private Path check(String given) {
        Path lexical = parse(given);
        if (!underRoot(lexical)) {
            // the roots are the server's own paths: named by their count, not written out (security, root README)
            throw refused(null, "not under a dataset root of this gateway (gateway.datasets.roots: " + roots.size()
                    + (roots.size() == 1 ? " directory" : " directories") + "; register a directory under one of them, "
                    + "or upload it as a zip (POST .../upload))");
        }
        Path real;
        try {
            real = lexical.toRealPath();
        } catch (NoSuchFileException e) {
            throw refused(given, "does not exist");
        } catch (IOException e) {
            throw refused(given, "cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        if (!underRoot(real)) {
            throw refused(null, "leaves the dataset roots through a symbolic link");
        }
        if (!Files.isDirectory(real, LinkOption.NOFOLLOW_LINKS)) {
            throw refused(given, "not a directory");
        }
        refuseLinks(real);
        return real;
    }

    /**
     * Checks a stored directory (a registered location, written by this gateway) before any of its files is read:
     * its real path is under a root or an upload store, it is no symbolic link, and nothing in it is a link or a
     * special file ({@link LinkFreeTree}). Only attributes are read; no file is opened.
     *
     * @throws DatasetFormatException naming the directory, or the entry in it (e.g. {@code corpus.jsonl})
     */
    public Path checkStored(Path location) {
        Path given = location.toAbsolutePath().normalize();
        Path real;
        try {
            real = given.toRealPath();
        } catch (NoSuchFileException e) {
            throw new DatasetFormatException(given.toString(), "does not exist");
        } catch (IOException e) {
            throw new DatasetFormatException(given.toString(), "cannot be read (" + e.getClass().getSimpleName() + ")");
        }
        if (!underRoot(real) && stores.stream().noneMatch(real::startsWith)) {
            throw new DatasetFormatException(given.toString(), "leaves the dataset roots through a symbolic link: nothing is read there");
        }
        LinkFreeTree.check(given);
        return given;
    }

    /** Parses the text as an absolute path; NUL and other control characters are refused by name. */
    private static Path parse(String given) {
        if (given == null || given.isBlank()) {
            throw refused(given, "required: an absolute directory path");
        }
        if (given.length() > InputLimits.MAX_FIELD_CHARS) {
            throw refused(null, "longer than " + InputLimits.MAX_FIELD_CHARS + " characters");
        }
        for (int i = 0; i < given.length(); i++) {
            char c = given.charAt(i);
            if (c < 0x20 || c == 0x7f) {
                throw refused(null, String.format("holds the control character U+%04X at index %d (a NUL or other"
                        + " invalid path character)", (int) c, i));
            }
        }
        Path path;
        try {
            path = Path.of(given);
        } catch (InvalidPathException e) {
            throw refused(null, "not a valid path: " + e.getReason());
        }
        if (!path.isAbsolute()) {
            throw refused(given, "must be an absolute directory path");
        }
        return path.normalize();
    }

    private boolean underRoot(Path path) {
        return roots.stream().anyMatch(path::startsWith);
    }

    /** A dataset directory holding a symbolic link (which could point anywhere) or a special file is refused. */
    private static void refuseLinks(Path dir) {
        try {
            LinkFreeTree.check(dir);
        } catch (DatasetFormatException e) {
            throw refused(dir.toString(), "holds " + e.getMessage() + " (symbolic links and special files are refused)");
        } catch (UncheckedIOException e) {
            throw refused(dir.toString(), "cannot be listed (" + e.getCause().getClass().getSimpleName() + ")");
        }
    }

    private static RequestRejectedException refused(String shown, String why) {
        String value = shown;
        return RequestRejectedException.invalid("'path' " + (value == null ? "" : "'" + value + "' ") + why,
                List.of(new InvalidField("path", value, why)));
    }
}
