package io.clirbench.core.lexicon;

import io.clirbench.core.io.InflationLimitException;
import io.clirbench.core.io.MaybeGzip;
import io.clirbench.core.io.StrictText;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads a dictd dictionary ({@code NAME.index}: {@code headword<TAB>offset<TAB>length} in dictd's base64;
 * {@code NAME.dict.dz}: dictzip, which is gzip) into a {@link Lexicon} of single-word headwords.
 *
 * <p>FreeDict's entries: the first line repeats the headword (with pronunciation and part of speech); each
 * following line holds translations separated by {@code ,} or {@code ;}, possibly numbered ({@code 1. }),
 * with grammar in {@code <...>}, domains in {@code [...]} and glosses in {@code {...}} or {@code (...)},
 * which are dropped; lines of examples ({@code "..."}), notes, synonyms and cross-references are skipped.
 * Translations of more than {@link #MAX_WORDS} words are dropped; at most {@link #MAX_TRANSLATIONS} are kept
 * per headword, in the dictionary's order (the first is the most common sense in FreeDict's sources).
 */
public final class DictdReader {

    /** Longest translation kept, in words. */
    public static final int MAX_WORDS = 3;
    /** Translations kept per headword. */
    public static final int MAX_TRANSLATIONS = 5;

    private static final String B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    private static final Pattern BRACKETS = Pattern.compile("<[^>]*>|\\[[^]]*]|\\{[^}]*}|\\([^)]*\\)");
    private static final Pattern NUMBERING = Pattern.compile("^\\d+\\.\\s*");
    private static final Pattern SKIPPED = Pattern.compile("^(\"|Note:|Synonyms?:|see:|Syn:|Ant:|Antonyms?:|Usage:|From:)");

    private DictdReader() {
    }

    /** Reads {@code index} and {@code dict} (gzip/dictzip or plain) as a lexicon of {@code pair}. */
    public static Lexicon read(LanguagePair pair, Path index, Path dict) throws IOException {
        byte[] data;
        try (InputStream in = MaybeGzip.open(dict)) {
            data = in.readAllBytes();
        } catch (InflationLimitException e) {
            throw new IOException(dict.getFileName() + ": " + e.getMessage(), e);
        }
        Map<String, List<String>> entries = new LinkedHashMap<>();
        try (BufferedReader r = new BufferedReader(StrictText.reader(Files.newInputStream(index)))) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                String[] f = line.split("\t");
                if (f.length < 3) {
                    throw new IOException(index + " line " + n + ": expected headword<TAB>offset<TAB>length, '" + line + "'");
                }
                String head = f[0].trim();
                if (head.startsWith("00-database") || head.startsWith("00database") || head.isEmpty() || head.contains(" ")) {
                    continue;
                }
                long offset = decode(f[1], index, n);
                long length = decode(f[2], index, n);
                if (offset + length > data.length) {
                    throw new IOException(index + " line " + n + ": entry '" + head + "' ends at " + (offset + length)
                            + ", past the end of " + dict + " (" + data.length + " bytes)");
                }
                String text;
                try {
                    text = StrictText.decode(data, (int) offset, (int) (offset + length));
                } catch (StrictText.InvalidUtf8Exception e) {
                    throw new IOException(dict + ": " + StrictText.describe(e.value(), offset + e.offset()) + " (the entry '" + head
                            + "' of " + index + " line " + n + ")", e);
                }
                List<String> translations = entries.computeIfAbsent(head.toLowerCase(java.util.Locale.ROOT), k -> new ArrayList<>());
                for (String t : translations(text)) {
                    if (translations.size() < MAX_TRANSLATIONS && !translations.contains(t)) {
                        translations.add(t);
                    }
                }
            }
        } catch (StrictText.InvalidUtf8Exception e) {
            throw new IOException(index + " " + e.getMessage(), e); // "x.index line 2: invalid UTF-8: ..."
        }
        entries.values().removeIf(List::isEmpty);
        return new Lexicon(pair, entries);
    }

    /** The translations of one entry's text, in order (package-private for tests). */
    static List<String> translations(String entry) {
        List<String> out = new ArrayList<>();
        String[] lines = entry.split("\n");
        for (int i = 1; i < lines.length; i++) {
            String l = lines[i].trim();
            if (l.isEmpty() || SKIPPED.matcher(l).find()) {
                continue;
            }
            l = NUMBERING.matcher(l).replaceFirst("");
            l = BRACKETS.matcher(l).replaceAll(" ").replace('~', ' ');
            for (String part : l.split("[,;]")) {
                String t = part.trim().replaceAll("\\s+", " ");
                if (!t.isEmpty() && t.split(" ").length <= MAX_WORDS && !out.contains(t)) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    /**
     * dictd's base64 number (most significant digit first, no padding), at most {@link Integer#MAX_VALUE}: a larger one
     * had wrapped around as a long and passed the end check (issue 45, found by {@code DictdFuzzTest}).
     */
    static long decode(String text, Path index, int line) throws IOException {
        long v = 0;
        for (char c : text.trim().toCharArray()) {
            int d = B64.indexOf(c);
            if (d < 0) {
                throw new IOException(index + " line " + line + ": '" + text + "' is not a dictd base64 number");
            }
            v = v * 64 + d;
            if (v > Integer.MAX_VALUE) { // a dictionary is read into one array: no offset or length is larger
                throw new IOException(index + " line " + line + ": '" + text + "' is larger than " + Integer.MAX_VALUE
                        + ", past the end of any dictionary");
            }
        }
        return v;
    }
}
