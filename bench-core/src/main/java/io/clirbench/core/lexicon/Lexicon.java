package io.clirbench.core.lexicon;

import io.clirbench.core.io.MaybeGzip;
import io.clirbench.core.io.StrictText;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * A bilingual lexicon: each source term (lower case) and its translations, best first (the dictionary's
 * order). Stored as {@code lexicon.tsv.gz}: one line {@code term<TAB>translation1<TAB>translation2...}.
 *
 * @param pair    the direction
 * @param entries term → translations (non-empty, no duplicates)
 */
public record Lexicon(LanguagePair pair, Map<String, List<String>> entries, Map<String, List<String>> byKey) {

    /** The file name inside a pair's folder. */
    public static final String FILE = "lexicon.tsv.gz";

    /** {@code entries}: headword as written (lower case) → translations; looked up by {@link Terms#key}. */
    public Lexicon(LanguagePair pair, Map<String, List<String>> entries) {
        this(pair, entries, null);
    }

    public Lexicon {
        entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
        Map<String, List<String>> keys = new LinkedHashMap<>();
        entries.forEach((head, ts) -> keys.putIfAbsent(Terms.key(head), ts));
        byKey = Collections.unmodifiableMap(keys);
    }

    /** The translations of {@code term} (matched by {@link Terms#key}: case and combining marks ignored), best first. */
    public List<String> translations(String term) {
        return byKey.getOrDefault(Terms.key(term), List.of());
    }

    /** Writes {@code lexicon.tsv.gz} into {@code dir}. */
    public void write(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path tmp = dir.resolve(FILE + ".tmp");
        try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(tmp)),
                StandardCharsets.UTF_8))) {
            for (Map.Entry<String, List<String>> e : entries.entrySet()) {
                w.write(e.getKey());
                for (String t : e.getValue()) {
                    w.write('\t');
                    w.write(t);
                }
                w.write('\n');
            }
        }
        Files.move(tmp, dir.resolve(FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /** Reads {@code dir/lexicon.tsv.gz}; a line without a translation is an error naming file and line. */
    public static Lexicon read(LanguagePair pair, Path dir) throws IOException {
        Path file = dir.resolve(FILE);
        Map<String, List<String>> entries = new LinkedHashMap<>();
        try (var r = new java.io.BufferedReader(StrictText.reader(MaybeGzip.open(file)))) {
            String line;
            int n = 0;
            while ((line = r.readLine()) != null) {
                n++;
                String[] f = line.split("\t");
                if (f.length < 2 || f[0].isEmpty()) {
                    throw new IOException(file + " line " + n + ": expected term<TAB>translation..., '" + line + "'");
                }
                List<String> t = new ArrayList<>(List.of(f).subList(1, f.length));
                entries.put(f[0], List.copyOf(t));
            }
        } catch (StrictText.InvalidUtf8Exception e) {
            throw new IOException(file + " " + e.getMessage(), e); // "lexicon.tsv.gz line 2: invalid UTF-8: ..."
        }
        return new Lexicon(pair, entries);
    }
}
