package io.clirbench.cli;

import io.clirbench.core.io.OutputTarget;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;
import picocli.CommandLine.Option;

/**
 * {@code --follow-symlinks} and the check each command that writes a user-named output makes once, before it writes
 * anything (issue 45, bench-core {@link OutputTarget}): the output, and each file in it that the command creates or
 * replaces, is none of the command's inputs (a second path to one, through a link or {@code ..}, included), and is no
 * symbolic link unless this option is given. A refusal is an {@link IllegalArgumentException} naming both paths and
 * the option: the command's usual error line and exit status 1.
 */
public final class FollowSymlinksOption {

    /** The option's name, as refusals name it. */
    public static final String NAME = "--follow-symlinks";

    /** How deep a directory input is looked into (a task's {@code configurations/NAME/FILE}). */
    private static final int INPUT_DEPTH = 3;

    /** Links followed in a row before the output's is given up as a loop (as the kernel's limit). */
    private static final int MAX_LINKS = 40;

    @Option(names = NAME, description = "Write even when the output, or a file in it that the command replaces, is a "
            + "symbolic link (refused by default: the command would write wherever the link points). An output that is "
            + "one of the command's inputs is refused either way.")
    boolean follow;

    /** The option as picocli sets it from the command line (for a command line read without picocli). */
    public static FollowSymlinksOption of(boolean follow) {
        FollowSymlinksOption option = new FollowSymlinksOption();
        option.follow = follow;
        return option;
    }

    /** Whether {@value #NAME} was given. */
    public boolean follow() {
        return follow;
    }

    /**
     * Refuses {@code out} as described above, before anything is written.
     *
     * @param inputs   what the command reads (null entries skipped; a directory stands for everything in it)
     * @param replaced the paths it creates or replaces ({@link #inside} for those in an output directory)
     * @return where to write: {@code out}, or with {@value #NAME} the path its links lead to, so that a command that
     *         replaces its output by renaming writes where the link points instead of replacing the link
     */
    public Path check(Path out, Collection<Path> inputs, Collection<Path> replaced) {
        OutputTarget.check(out, expand(inputs), replaced, follow, NAME);
        return target(out);
    }

    /**
     * As {@link #check} for an output directory replaced as a whole (moved aside and deleted once the new one is in
     * place): no input may lie inside it either.
     */
    public Path checkReplacedWhole(Path out, Collection<Path> inputs) {
        OutputTarget.checkReplacedWhole(out, expand(inputs), follow, NAME);
        return target(out);
    }

    /**
     * The paths a command writes in directory {@code dir} for file names relative to it ('/' for a sub-directory):
     * each name and each directory on the way to it ({@code runs/x.trec}: {@code runs}, {@code runs/x.trec}).
     */
    public static List<Path> inside(Path dir, Collection<String> names) {
        List<Path> paths = new ArrayList<>();
        for (String name : names) {
            Path relative = Path.of(name);
            for (int i = 1; i <= relative.getNameCount(); i++) {
                Path p = dir.resolve(relative.subpath(0, i));
                if (!paths.contains(p)) {
                    paths.add(p);
                }
            }
        }
        return paths;
    }

    /** Every input, and for a directory everything in it a few levels down (links listed, not followed). */
    private static List<Path> expand(Collection<Path> inputs) {
        List<Path> all = new ArrayList<>();
        for (Path input : inputs.stream().filter(Objects::nonNull).toList()) {
            all.add(input);
            if (Files.isDirectory(input)) {
                try (Stream<Path> tree = Files.walk(walkable(input), INPUT_DEPTH)) {
                    tree.skip(1).forEach(all::add);
                } catch (IOException | UncheckedIOException e) {
                    // unreadable: the command's own read of it reports that
                }
            }
        }
        return all;
    }

    /** The directory itself, or where its link leads (a walk does not enter a link it starts at). */
    private static Path walkable(Path dir) throws IOException {
        return Files.isSymbolicLink(dir) ? dir.toRealPath() : dir;
    }

    /** {@code out}, or with {@value #NAME} where its chain of links ends (that may not exist yet). */
    private Path target(Path out) {
        Path p = out;
        try {
            if (follow && Files.isSymbolicLink(out) && Files.exists(out)) {
                return out.toRealPath();
            }
            for (int i = 0; follow && Files.isSymbolicLink(p); i++) {
                if (i == MAX_LINKS) {
                    throw new IllegalArgumentException("the output " + out + ": more than " + MAX_LINKS
                            + " symbolic links in a row");
                }
                Path parent = p.toAbsolutePath().getParent();
                p = parent.resolve(Files.readSymbolicLink(p)).normalize();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the link " + p + ": " + e.getMessage(), e);
        }
        return p;
    }
}
