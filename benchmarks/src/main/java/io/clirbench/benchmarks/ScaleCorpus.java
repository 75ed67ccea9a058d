package io.clirbench.benchmarks;

import io.clirbench.benchmarks.DebianTranslations.Description;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.dataset.DirectoryReplacer;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.zip.GZIPOutputStream;

/**
 * The corpus of the scale harness (issue 40, item 6): a reproducible multilingual dataset of any requested size (100k,
 * 300k and 1M documents in the harness), built from the real Debian 12 package descriptions of
 * {@link DebianDescriptionsDataset} (231,233 documents in 16 languages with the files of 2026-12-05) and, past that
 * size, seeded synthetic distractors.
 *
 * <ul>
 *   <li><b>Up to the real size</b> the documents are real: whole families (a family is one English description and
 *       its translations) are taken in a seeded random order, a family only when all its documents still fit, until
 *       exactly the requested count is reached (families with one document fill the last places). Keeping whole
 *       families keeps the family-expanded gold of every query complete.</li>
 *   <li><b>Queries and gold</b> come only from the real families kept, built exactly as {@link DebianDescriptionsDataset}
 *       builds them (its {@code build}, same seed): short descriptions, a seeded round robin over the languages, from
 *       families with documents in at least two languages; a language with fewer such families than its share (Finnish
 *       has 478 descriptions) asks fewer and the others fill the count. With every real family kept (a requested size
 *       of at least the real size) the queries, qrels and real documents are byte for byte those of
 *       {@code DebianDescriptionsDataset} with the same {@code --queries} and {@code --seed}.</li>
 *   <li><b>Past the real size</b> the collection grows with distractors, the way a larger real collection would, at the
 *       same language mix: the missing documents are shared among the languages in proportion to their real document
 *       counts (largest remainders), and each distractor of language L copies the layout of a real document of L drawn
 *       at random (its whitespace: line breaks, blank lines between paragraphs) with every whitespace-separated word
 *       replaced by a word drawn from all the words of L's real documents (a unigram sampler: each word as often as it
 *       occurs). A distractor thus has exactly the word count of a real document of its language (the real per-language
 *       length distribution, within the real range) and the real vocabulary and term frequencies of its language;
 *       for Japanese and Chinese, written without spaces, a "word" is a longer run of text. A distractor that would
 *       repeat a real document's text is drawn again. Each distractor is a family of its own ({@code syn-NNNNNNN}, id
 *       {@code syn-NNNNNNN-LL}) and is never gold. What they do not reproduce: vocabulary growth (no new words appear)
 *       and word order; they are there for the cost of indexing and searching a larger collection and to compete with
 *       the gold documents, not to be found.</li>
 * </ul>
 * The corpus is written as it is generated (one gzip stream, lines serialised as {@link DatasetWriter} does), so memory
 * is bounded by the real descriptions and one language's word pool, whatever the requested size; the descriptor,
 * queries and qrels are written by {@link DatasetWriter}, and the whole directory is replaced at once
 * ({@link DirectoryReplacer}). Real documents come first (by language, then file order), then the distractors (by
 * language). {@code dataset.json} records the seed and the real and distractor counts.
 *
 * <p>Usage: {@code java -cp cli/target/bench.jar:benchmarks/target/classes io.clirbench.benchmarks.ScaleCorpus
 * --translations DIR --out DIR --documents N [--queries 10000] [--seed 40] [--id ID]}; N may be written {@code 100k} or
 * {@code 1m}; the id defaults to {@code debian-100k}, {@code debian-1m}, {@code debian-N}.
 */
public final class ScaleCorpus {

    /** What was written: the counts the harness reports. */
    record Summary(long documents, int realDocuments, long distractors, int languages, long families, int queries,
                   Map<String, Integer> realByLanguage, Map<String, Long> distractorsByLanguage,
                   Map<String, Integer> queriesByLanguage) {
    }

    private static final int PROGRESS_EVERY = 100_000;
    private static final int MAX_DRAWS = 1_000;

    private ScaleCorpus() {
    }

    public static void main(String[] args) throws IOException {
        Path translations = null;
        Path out = null;
        long documents = -1;
        int queries = 10_000;
        long seed = 40;
        String id = null;
        String usage = "options: --translations DIR --out DIR --documents N [--queries N] [--seed S] [--id ID]";
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--translations" -> translations = Path.of(args[i + 1]);
                case "--out" -> out = Path.of(args[i + 1]);
                case "--documents" -> documents = count(args[i + 1]);
                case "--queries" -> queries = Integer.parseInt(args[i + 1]);
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                case "--id" -> id = args[i + 1];
                default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'; " + usage);
            }
        }
        if (translations == null || out == null || documents < 1 || queries < 0 || args.length % 2 != 0) {
            throw new IllegalArgumentException("usage: " + usage);
        }
        long start = System.nanoTime();
        var byLanguage = DebianTranslations.read(translations);
        System.out.printf(Locale.ROOT, "read %d languages from %s (%.1f s)%n", byLanguage.size(), translations,
                (System.nanoTime() - start) / 1e9);
        Summary s = write(byLanguage, out, documents, queries, seed, id == null ? "debian-" + label(documents) : id,
                System.out);
        System.out.printf(Locale.ROOT, "%s: %,d documents (%,d real + %,d distractors) in %d languages, %,d families, "
                        + "%,d queries (%.1f s)%n", out, s.documents(), s.realDocuments(), s.distractors(), s.languages(),
                s.families(), s.queries(), (System.nanoTime() - start) / 1e9);
        System.out.println("  real documents by language:  " + s.realByLanguage());
        System.out.println("  distractors by language:     " + s.distractorsByLanguage());
        System.out.println("  queries by language:         " + s.queriesByLanguage());
    }

    /** {@code 100000}, {@code 100k}, {@code 1m}. */
    static long count(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT).replace("_", "");
        long unit = t.endsWith("k") ? 1_000 : t.endsWith("m") ? 1_000_000 : 1;
        return Long.parseLong(unit == 1 ? t : t.substring(0, t.length() - 1)) * unit;
    }

    /** {@code 100k}, {@code 1m}, else the number. */
    static String label(long documents) {
        if (documents % 1_000_000 == 0) {
            return documents / 1_000_000 + "m";
        }
        return documents % 1_000 == 0 ? documents / 1_000 + "k" : Long.toString(documents);
    }

    /**
     * Writes the dataset of {@code documents} documents into {@code out} (replaced) and returns its counts; progress
     * goes to {@code log}.
     */
    static Summary write(Map<String, Map<String, Description>> byLanguage, Path out, long documents, int queryCount,
                         long seed, String id, PrintStream log) {
        long start = System.nanoTime();
        var kept = keepFamilies(byLanguage, documents, seed);
        Dataset real = DebianDescriptionsDataset.build(kept, queryCount, seed);
        int realCount = real.corpus().size();
        Map<String, Integer> realByLanguage = new TreeMap<>();
        for (Document d : real.corpus()) {
            realByLanguage.merge(d.lang(), 1, Integer::sum);
        }
        Map<String, Long> distractors = share(Math.max(0, documents - realCount), realByLanguage);
        Map<String, Integer> queriesByLanguage = new TreeMap<>();
        for (Query q : real.queries()) {
            queriesByLanguage.merge(q.lang(), 1, Integer::sum);
        }
        // the languages of the documents and queries kept (a small subset may lose one; dataset.json lists no other)
        Set<String> present = new TreeSet<>(realByLanguage.keySet());
        present.addAll(queriesByLanguage.keySet());
        List<String> languages = List.copyOf(present);
        long realFamilies = real.corpus().stream().map(Document::family).distinct().count();
        long distractorCount = distractors.values().stream().mapToLong(Long::longValue).sum();
        log.printf(Locale.ROOT, "%,d real documents in %,d families, %,d queries; %,d distractors to generate (%.1f s)%n",
                realCount, realFamilies, real.queries().size(), distractorCount, (System.nanoTime() - start) / 1e9);

        Map<String, String> extra = new LinkedHashMap<>();
        extra.put("description", json("The Debian 12 package descriptions of DebianDescriptionsDataset ("
                + (kept == byLanguage ? "every family" : "a seeded subset of whole families") + ")"
                + (distractorCount == 0 ? "" : ", and seeded synthetic distractors (unigram words of each language "
                + "in the layout of a real document of it, families of their own, never gold)")
                + "; written by benchmarks' ScaleCorpus"));
        extra.put("seed", json(seed));
        extra.put("realDocuments", json(realCount));
        extra.put("distractorDocuments", json(distractorCount));
        DatasetInfo info = new DatasetInfo(id, String.format(Locale.ROOT,
                "Debian 12 package descriptions, %,d documents (%,d real, %,d distractors)", realCount + distractorCount,
                realCount, distractorCount), real.info().version(), real.info().license(), real.info().source(),
                languages, true, extra);
        Dataset withoutCorpus = new Dataset(info, List.of(), real.queries(), real.qrels());

        DirectoryReplacer.replace(out, true, tmp -> {
            // descriptor, queries and qrels as DatasetWriter writes them; the corpus streamed beside them
            Path meta = tmp.resolve(".meta");
            DatasetWriter.write(withoutCorpus, meta, true);
            for (String file : List.of("dataset.json", "queries.jsonl.gz", "qrels.tsv.gz")) {
                Files.move(meta.resolve(file), tmp.resolve(file));
            }
            Files.delete(meta.resolve("corpus.jsonl.gz"));
            Files.delete(meta);
            try (Writer corpus = corpusWriter(tmp.resolve("corpus.jsonl.gz"))) {
                long written = 0;
                for (Document d : real.corpus()) {
                    writeDocument(corpus, d.id(), d.text(), d.lang(), d.family());
                    progress(++written, start, log);
                }
                Random random = new Random(seed * 0x9E3779B97F4A7C15L + 6);
                long next = 1;
                for (var language : distractors.entrySet()) {
                    if (language.getValue() == 0) {
                        continue;
                    }
                    String lang = language.getKey();
                    List<String> templates = new ArrayList<>();
                    for (Document d : real.corpus()) {
                        if (d.lang().equals(lang)) {
                            templates.add(d.text());
                        }
                    }
                    String[] pool = words(templates);
                    Set<String> realTexts = new HashSet<>(templates);
                    StringBuilder text = new StringBuilder();
                    for (long i = 0; i < language.getValue(); i++) {
                        distractor(templates, pool, realTexts, random, text, lang);
                        String family = String.format(Locale.ROOT, "syn-%07d", next++);
                        writeDocument(corpus, family + "-" + lang, text.toString(), lang, family);
                        progress(++written, start, log);
                    }
                }
            }
        });
        return new Summary(realCount + distractorCount, realCount, distractorCount, languages.size(),
                realFamilies + distractorCount, real.queries().size(), realByLanguage, distractors, queriesByLanguage);
    }

    /**
     * The descriptions of a seeded subset of whole families with exactly {@code documents} documents, or all of them
     * (the same map) when the real collection has no more.
     */
    static Map<String, Map<String, Description>> keepFamilies(Map<String, Map<String, Description>> byLanguage,
                                                              long documents, long seed) {
        Map<String, Description> english = byLanguage.get("en");
        Map<String, Integer> size = new LinkedHashMap<>();
        for (String md5 : english.keySet()) {
            size.put(md5, 0);
        }
        long total = 0;
        // a document: a long text in a language whose family has an English description (as in DebianDescriptionsDataset)
        for (Map<String, Description> descriptions : byLanguage.values()) {
            for (var d : descriptions.entrySet()) {
                if (!d.getValue().longText().isEmpty() && size.containsKey(d.getKey())) {
                    size.merge(d.getKey(), 1, Integer::sum);
                    total++;
                }
            }
        }
        if (documents >= total) {
            return byLanguage;
        }
        List<String> families = new ArrayList<>();
        size.forEach((md5, n) -> {
            if (n > 0) {
                families.add(md5);
            }
        });
        Collections.shuffle(families, new Random(seed));
        Set<String> keep = new HashSet<>();
        long left = documents;
        for (String md5 : families) {
            if (left == 0) {
                break;
            }
            if (size.get(md5) <= left) {
                keep.add(md5);
                left -= size.get(md5);
            }
        }
        Map<String, Map<String, Description>> kept = new TreeMap<>();
        byLanguage.forEach((lang, descriptions) -> {
            Map<String, Description> some = new LinkedHashMap<>();
            descriptions.forEach((md5, d) -> {
                if (keep.contains(md5)) {
                    some.put(md5, d);
                }
            });
            kept.put(lang, some);
        });
        return kept;
    }

    /** {@code total} shared in proportion to {@code weights} (largest remainders, ties to the first language). */
    static Map<String, Long> share(long total, Map<String, Integer> weights) {
        long sum = weights.values().stream().mapToLong(Integer::longValue).sum();
        Map<String, Long> shares = new TreeMap<>();
        List<String> order = new ArrayList<>(weights.keySet());
        Map<String, Long> remainder = new HashMap<>();
        long given = 0;
        for (String lang : order) {
            long product = total * weights.get(lang);
            shares.put(lang, product / sum);
            remainder.put(lang, product % sum);
            given += product / sum;
        }
        order.sort((a, b) -> Long.compare(remainder.get(b), remainder.get(a))); // stable: ties keep language order
        for (int i = 0; given < total; i++, given++) {
            shares.merge(order.get(i), 1L, Long::sum);
        }
        return shares;
    }

    /** Every whitespace-separated word of the texts, as often as it occurs (equal words share one string). */
    static String[] words(List<String> texts) {
        Map<String, String> unique = new HashMap<>();
        List<String> words = new ArrayList<>();
        for (String text : texts) {
            int i = 0;
            while (i < text.length()) {
                if (Character.isWhitespace(text.charAt(i))) {
                    i++;
                    continue;
                }
                int end = i;
                while (end < text.length() && !Character.isWhitespace(text.charAt(end))) {
                    end++;
                }
                words.add(unique.computeIfAbsent(text.substring(i, end), w -> w));
                i = end;
            }
        }
        return words.toArray(String[]::new);
    }

    /** One distractor into {@code text}: a random real document's layout, every word drawn from the pool. */
    private static void distractor(List<String> templates, String[] pool, Set<String> realTexts, Random random,
                                   StringBuilder text, String lang) {
        for (int draw = 0; draw < MAX_DRAWS; draw++) {
            String template = templates.get(random.nextInt(templates.size()));
            text.setLength(0);
            int i = 0;
            while (i < template.length()) {
                char c = template.charAt(i);
                if (Character.isWhitespace(c)) {
                    text.append(c);
                    i++;
                } else {
                    while (i < template.length() && !Character.isWhitespace(template.charAt(i))) {
                        i++;
                    }
                    text.append(pool[random.nextInt(pool.length)]);
                }
            }
            if (!realTexts.contains(text.toString())) {
                return;
            }
        }
        throw new IllegalStateException("language '" + lang + "': " + MAX_DRAWS
                + " draws in a row repeated a real document; its documents are too few to draw distractors from");
    }

    // the same writer stack as DatasetWriter, so the same lines give the same bytes
    private static Writer corpusWriter(Path file) throws IOException {
        OutputStream raw = Files.newOutputStream(file);
        return new BufferedWriter(new OutputStreamWriter(new GZIPOutputStream(raw, 1 << 16), StandardCharsets.UTF_8),
                1 << 16);
    }

    // DatasetWriter's line of a document without title and metadata
    private static void writeDocument(Writer out, String id, String text, String lang, String family) throws IOException {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("_id", id);
        fields.put("text", text);
        fields.put("lang", lang);
        fields.put("family", family);
        out.write(JsonValues.MAPPER.writeValueAsString(fields));
        out.write('\n');
    }

    private static void progress(long written, long start, PrintStream log) {
        if (written % PROGRESS_EVERY == 0) {
            log.printf(Locale.ROOT, "  %,d documents written (%.1f s)%n", written, (System.nanoTime() - start) / 1e9);
        }
    }

    private static String json(Object value) {
        try {
            return JsonValues.MAPPER.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
