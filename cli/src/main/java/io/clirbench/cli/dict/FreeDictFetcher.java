package io.clirbench.cli.dict;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.lexicon.DictdReader;
import io.clirbench.core.lexicon.LanguagePair;
import io.clirbench.core.lexicon.Lexicon;
import io.clirbench.core.lexicon.LexiconCache;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Fetches one FreeDict pair into a {@link LexiconCache}: {@code apt-get download} of its package into
 * {@code CACHE/_debs} (works without root), {@code dpkg-deb -x} into a temporary folder, the dictd files
 * converted by {@link DictdReader}, the package's {@code copyright} kept as the pair's licence and
 * {@code source.json} recording package, version and licence.
 */
public final class FreeDictFetcher {

    /** What happened to one pair. */
    public record Outcome(LanguagePair pair, String pkg, String version, String licence, int headwords, boolean cached) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    private final LexiconCache cache;

    public FreeDictFetcher(LexiconCache cache) {
        this.cache = cache;
    }

    /** The package of {@code pair} the Debian repository has (apt-cache), if any. */
    public static Optional<String> available(LanguagePair pair) throws IOException, InterruptedException {
        for (String pkg : FreeDictPackages.candidates(pair)) {
            if (run(List.of("apt-cache", "show", "--no-all-versions", pkg), Path.of(".")).code() == 0) {
                return Optional.of(pkg);
            }
        }
        return Optional.empty();
    }

    /** Fetches {@code pair} unless it is stored already (or {@code force}); fails naming the pair and the packages tried. */
    public Outcome fetch(LanguagePair pair, boolean force) throws IOException, InterruptedException {
        Path folder = cache.folder(pair);
        if (!force && cache.isStored(pair) && Files.isRegularFile(folder.resolve(LexiconCache.SOURCE))) {
            var src = JSON.readTree(folder.resolve(LexiconCache.SOURCE).toFile());
            return new Outcome(pair, src.path("package").asText(), src.path("version").asText(), src.path("licence").asText(),
                    src.path("headwords").asInt(), true);
        }
        String pkg = available(pair).orElseThrow(() -> new IOException("no FreeDict package for " + pair + " (tried "
                + FreeDictPackages.candidates(pair) + "; apt-get update may be needed)"));
        Path debs = Files.createDirectories(cache.dir().resolve("_debs"));
        Ran download = run(List.of("apt-get", "download", pkg), debs);
        if (download.code() != 0) {
            throw new IOException("apt-get download " + pkg + " failed (exit " + download.code() + "): " + download.output());
        }
        Path deb = newest(debs, pkg + "_").orElseThrow(() -> new IOException("apt-get download " + pkg + " left no .deb in " + debs));
        String version = deb.getFileName().toString().split("_")[1];
        Path unpacked = Files.createTempDirectory(cache.dir(), "_unpack-");
        try {
            Ran unpack = run(List.of("dpkg-deb", "-x", deb.toString(), unpacked.toString()), debs);
            if (unpack.code() != 0) {
                throw new IOException("dpkg-deb -x " + deb + " failed (exit " + unpack.code() + "): " + unpack.output());
            }
            Path dictd = unpacked.resolve("usr/share/dictd");
            Path index = only(dictd, ".index", deb);
            Path dict = only(dictd, ".dict.dz", deb);
            Lexicon lexicon = DictdReader.read(pair, index, dict);
            lexicon.write(folder);
            Path copyright = unpacked.resolve("usr/share/doc/" + pkg + "/copyright");
            String licence = Files.isRegularFile(copyright) ? licence(Files.readString(copyright, StandardCharsets.UTF_8), pkg) : "unknown";
            if (Files.isRegularFile(copyright)) {
                Files.copy(copyright, folder.resolve(LexiconCache.LICENCE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
            ObjectNode src = JSON.createObjectNode().put("package", pkg).put("version", version).put("licence", licence)
                    .put("headwords", lexicon.entries().size()).put("source", "Debian package " + pkg + " " + version + ", FreeDict (https://freedict.org)")
                    .put("dictionary", dict.getFileName().toString());
            JSON.writerWithDefaultPrettyPrinter().writeValue(folder.resolve(LexiconCache.SOURCE).toFile(), src);
            return new Outcome(pair, pkg, version, licence, lexicon.entries().size(), false);
        } finally {
            deleteTree(unpacked);
        }
    }

    /** The {@code License:} of the copyright stanza of the package's dictionary ({@code Files: deu-eng/*}), else the first one. */
    static String licence(String copyright, String pkg) {
        String dictName = pkg.substring("dict-freedict-".length());
        String first = null;
        boolean inStanza = false;
        for (String line : copyright.split("\n")) {
            if (line.startsWith("Files:")) {
                inStanza = line.contains(dictName + "/");
            } else if (line.startsWith("License:")) {
                String l = line.substring("License:".length()).trim();
                if (inStanza) {
                    return l;
                }
                if (first == null) {
                    first = l;
                }
            }
        }
        return first == null ? "unknown" : first;
    }

    private static Path only(Path dir, String suffix, Path deb) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> found = s.filter(p -> p.getFileName().toString().endsWith(suffix)).toList();
            if (found.size() != 1) {
                throw new IOException(deb + ": expected one *" + suffix + " under usr/share/dictd, found " + found);
            }
            return found.getFirst();
        } catch (java.nio.file.NoSuchFileException e) {
            throw new IOException(deb + ": no usr/share/dictd in the package", e);
        }
    }

    private static Optional<Path> newest(Path dir, String prefix) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().startsWith(prefix) && p.toString().endsWith(".deb"))
                    .max(Comparator.comparing(p -> p.getFileName().toString()));
        }
    }

    /** A command's exit code and what it printed (stdout and stderr, the last 2,000 characters). */
    private record Ran(int code, String output) {
    }

    /**
     * Runs {@code command} in {@code dir}. Its output is kept for the error message, not shown: apt-get's warnings on a
     * successful download (e.g. "Download is performed unsandboxed as root") would bury the one line per pair.
     */
    private static Ran run(List<String> command, Path dir) throws IOException, InterruptedException {
        Path log = Files.createTempFile("clirbench-apt-", ".log");
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            if (!p.waitFor(10, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not finish within 10 minutes");
            }
            String output = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).strip(); // malformed bytes replaced
            return new Ran(p.exitValue(), output.length() > 2000 ? "..." + output.substring(output.length() - 2000) : output);
        } finally {
            Files.deleteIfExists(log);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
