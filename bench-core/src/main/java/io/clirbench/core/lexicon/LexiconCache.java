package io.clirbench.core.lexicon;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiFunction;
import java.util.stream.Stream;

/**
 * Lexicons under a directory: one folder per direction ({@code de-en/}) holding {@link Lexicon#FILE},
 * {@link #LICENCE} (the package's copyright file) and {@link #SOURCE} (package, version, licence line).
 * A direction that is not stored is served by reversing the opposite one when that exists
 * ({@link #find}): each single-word translation becomes a headword, ranked by where it stood.
 */
public final class LexiconCache {

    /** The licence file of a pair. */
    public static final String LICENCE = "LICENCE.txt";
    /** Where a pair came from (JSON). */
    public static final String SOURCE = "source.json";

    private final Path dir;
    private final Map<LanguagePair, Optional<Lexicon>> loaded = new ConcurrentHashMap<>();

    public LexiconCache(Path dir) {
        this.dir = dir;
    }

    /** The cache directory. */
    public Path dir() {
        return dir;
    }

    /** The folder of one direction. */
    public Path folder(LanguagePair pair) {
        return dir.resolve(pair.toString());
    }

    /** The directions stored (not the reversible ones), sorted. */
    public List<LanguagePair> stored() {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            List<LanguagePair> out = new ArrayList<>();
            for (Path p : s.sorted().toList()) {
                if (Files.isRegularFile(p.resolve(Lexicon.FILE))) {
                    try {
                        out.add(LanguagePair.parse(p.getFileName().toString()));
                    } catch (IllegalArgumentException e) {
                        // a folder that is not a pair is not ours
                    }
                }
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException("listing lexicons in " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Whether {@code pair} is stored. */
    public boolean isStored(LanguagePair pair) {
        return Files.isRegularFile(folder(pair).resolve(Lexicon.FILE));
    }

    /** The lexicon of {@code pair}: stored, else the reversal of the opposite one, else empty. */
    public Optional<Lexicon> find(LanguagePair pair) {
        return loaded.computeIfAbsent(pair, p -> {
            try {
                if (isStored(p)) {
                    return Optional.of(Lexicon.read(p, folder(p)));
                }
                if (isStored(p.reversed())) {
                    return Optional.of(Reversal.of(Lexicon.read(p.reversed(), folder(p.reversed()))));
                }
                return Optional.empty();
            } catch (IOException e) {
                throw new UncheckedIOException(e.getMessage(), e);
            }
        });
    }

    /**
     * {@code text} carried along {@code route} term by term: its words ({@link Terms#words}) rewritten by {@code step} with
     * each step's lexicon in turn, joined by spaces; the text itself for a route without steps. The query and the
     * document translators differ only in {@code step}.
     */
    String translateAlong(String text, Route route, BiFunction<List<String>, Lexicon, List<String>> step) {
        if (route.steps().isEmpty()) {
            return text;
        }
        List<String> words = Terms.words(text);
        for (LanguagePair pair : route.steps()) {
            Lexicon lexicon = find(pair).orElseThrow(() -> new IllegalStateException("no lexicon " + pair + " in " + dir()));
            words = step.apply(words, lexicon);
        }
        return String.join(" ", words);
    }

    /** Whether {@code pair} can be served (stored or reversible). */
    public boolean covers(LanguagePair pair) {
        return isStored(pair) || isStored(pair.reversed());
    }
}
