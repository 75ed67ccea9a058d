package io.clirbench.encoders.distil;

import io.clirbench.core.distil.MoCatalog;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Parallel text from Debian binary packages ({@code apt-get download P}): each {@code .deb} is unpacked with
 * {@code dpkg-deb -x} and its {@code usr/share/locale/LANG/LC_MESSAGES/*.mo} catalogues read as (msgid, msgstr)
 * pairs (regular files of at most {@link MoCatalog#MAX_FILE_BYTES} only: a link or a device is refused, not read); the package's name and version ({@code dpkg-deb -f}), the .deb's SHA-256 and the licences named in its
 * {@code usr/share/doc/P/copyright} are kept as provenance.
 */
public final class DebianCatalogues {

    /** One message of one catalogue, its language as the locale directory names it ({@code de}, {@code zh_CN}). */
    public record Pair(String pkg, String locale, String english, String translation) {
    }

    /** Where a package's pairs came from. */
    public record Provenance(String pkg, String version, String file, String sha256, String license, List<String> licenses, String copyright,
                             int catalogues, int pairs) {
    }

    public record Catalogues(List<Pair> pairs, List<Provenance> provenance) {
    }

    private DebianCatalogues() {
    }

    public static Catalogues read(Path debs, List<String> locales, Path work) throws IOException, InterruptedException {
        List<Path> files;
        try (Stream<Path> s = Files.list(debs)) {
            files = s.filter(p -> p.toString().endsWith(".deb")).sorted().toList();
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException(debs + ": no .deb files (fetch some with apt-get download coreutils tar ...)");
        }
        List<Pair> pairs = new ArrayList<>();
        List<Provenance> provenance = new ArrayList<>();
        for (Path deb : files) {
            String pkg = dpkg("-f", deb.toString(), "Package").strip();
            String version = dpkg("-f", deb.toString(), "Version").strip();
            Path root = work.resolve(pkg);
            Files.createDirectories(root);
            dpkg("-x", deb.toString(), root.toString());
            int catalogues = 0;
            int before = pairs.size();
            for (String locale : locales) {
                Path dir = root.resolve("usr/share/locale").resolve(locale).resolve("LC_MESSAGES");
                if (!Files.isDirectory(dir)) {
                    continue;
                }
                try (Stream<Path> mos = Files.list(dir)) {
                    for (Path mo : mos.filter(p -> p.toString().endsWith(".mo")).sorted().toList()) {
                        catalogues++;
                        for (MoCatalog.Message m : MoCatalog.pairs(mo, deb.getFileName() + ":" + root.relativize(mo))) {
                            pairs.add(new Pair(pkg, locale, m.msgid(), m.msgstr()));
                        }
                    }
                }
            }
            Path copyright = root.resolve("usr/share/doc").resolve(pkg).resolve("copyright");
            provenance.add(new Provenance(pkg, version, deb.getFileName().toString(), sha256(deb), mainLicense(copyright), licenses(copyright),
                    "/usr/share/doc/" + pkg + "/copyright", catalogues, pairs.size() - before));
        }
        return new Catalogues(pairs, provenance);
    }

    /** The distinct {@code License:} values of a DEP-5 copyright file; a free-form one gets "see copyright". */
    static List<String> licenses(Path copyright) throws IOException {
        if (!Files.isRegularFile(copyright)) {
            return List.of("unknown (no copyright file)");
        }
        Set<String> out = new LinkedHashSet<>();
        for (String line : Files.readAllLines(copyright, StandardCharsets.UTF_8)) {
            if (line.startsWith("License:")) {
                out.add(line.substring("License:".length()).strip());
            }
        }
        return out.isEmpty() ? List.of("see copyright (not machine-readable)") : List.copyOf(out);
    }

    /**
     * The licence of the package as a whole (the catalogues have no stanza of their own): the {@code License:} of the
     * DEP-5 {@code Files: *} paragraph; for a free-form file, "GPL (free-form copyright file)" when it cites the GNU
     * GPL, else "see copyright".
     */
    static String mainLicense(Path copyright) throws IOException {
        if (!Files.isRegularFile(copyright)) {
            return "unknown (no copyright file)";
        }
        boolean all = false;
        for (String line : Files.readAllLines(copyright, StandardCharsets.UTF_8)) {
            if (line.isBlank()) {
                all = false;
            } else if (line.strip().equals("Files: *")) {
                all = true;
            } else if (all && line.startsWith("License:")) {
                return line.substring("License:".length()).strip();
            }
        }
        return Files.readString(copyright).contains("GNU General Public License") ? "GPL (free-form copyright file)" : "see copyright";
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String dpkg(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("dpkg-deb"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + out.strip());
        }
        return out;
    }
}
