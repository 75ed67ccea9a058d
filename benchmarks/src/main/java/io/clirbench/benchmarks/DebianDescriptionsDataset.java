package io.clirbench.benchmarks;

import io.clirbench.benchmarks.DebianTranslations.Description;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;

/**
 * A real multilingual retrieval dataset at the scale users bring (issue 40, "Scale"): the package descriptions of
 * Debian 12 and their translations by the Debian Description Translation Project, one {@code Translation-LL} file per
 * language ({@code benchmarks/fetch-debian-translations.sh} fetches and unpacks them from deb.debian.org).
 *
 * <ul>
 *   <li>A <b>family</b> is one English description ({@code Description-md5}, the MD5 of the English text, which every
 *       translation of it carries): the same content in several languages.</li>
 *   <li>A <b>document</b> is a description's long text in one language (the lines after the first; " ." paragraph
 *       marks become blank lines); id {@code MD5-LL}. A description without long text gives no document.</li>
 *   <li>A <b>query</b> is a description's first line (the short description) in one language, sampled by a seeded
 *       random round robin over the languages so each language asks about as often as its families allow, from
 *       families with documents in at least two languages; it is judged relevant (grade 1) to its family's document
 *       in its own language when there is one, else to its first document (languages in alphabetical order); family expansion makes every
 *       language's document of the family gold (METRICS.md §2).</li>
 * </ul>
 * Language tags: {@code pt_BR} is written {@code pt} and {@code zh_CN} {@code zh} (the dataset layout takes ISO 639-1
 * codes); a file for a language that maps onto one already read is refused (the parser is {@link DebianTranslations}).
 *
 * <p>Usage: {@code java -cp cli/target/bench.jar:benchmarks/target/classes io.clirbench.benchmarks.DebianDescriptionsDataset
 * --translations DIR --out DIR [--queries 5000] [--seed 40]}.
 */
public final class DebianDescriptionsDataset {

    private DebianDescriptionsDataset() {
    }

    public static void main(String[] args) throws IOException {
        Path translations = null;
        Path out = null;
        int queries = 5_000;
        long seed = 40;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--translations" -> translations = Path.of(args[i + 1]);
                case "--out" -> out = Path.of(args[i + 1]);
                case "--queries" -> queries = Integer.parseInt(args[i + 1]);
                case "--seed" -> seed = Long.parseLong(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option '" + args[i]
                        + "'; options: --translations DIR --out DIR [--queries N] [--seed S]");
            }
        }
        if (translations == null || out == null || args.length % 2 != 0) {
            throw new IllegalArgumentException("usage: --translations DIR --out DIR [--queries N] [--seed S]");
        }
        long start = System.nanoTime();
        Dataset dataset = build(DebianTranslations.read(translations), queries, seed);
        DatasetWriter.write(dataset, out, true);
        System.out.printf(Locale.ROOT, "%s: %,d documents in %d languages, %,d queries, %,d families (%.1f s)%n", out,
                dataset.corpus().size(), dataset.info().languages().size(), dataset.queries().size(),
                dataset.corpus().stream().map(Document::family).distinct().count(), (System.nanoTime() - start) / 1e9);
    }

    static Dataset build(Map<String, Map<String, Description>> byLanguage, int queryCount, long seed) {
        List<String> languages = new ArrayList<>(byLanguage.keySet());
        List<Document> corpus = new ArrayList<>();
        Map<String, Integer> documentsOfFamily = new HashMap<>();
        Map<String, String> firstDocument = new HashMap<>();
        for (String lang : languages) {
            byLanguage.get(lang).forEach((md5, d) -> {
                if (!d.longText().isEmpty() && byLanguage.get("en").containsKey(md5)) {
                    corpus.add(new Document(md5 + "-" + lang, null, d.longText(), lang, md5, null));
                    documentsOfFamily.merge(md5, 1, Integer::sum);
                    firstDocument.putIfAbsent(md5, md5 + "-" + lang);
                }
            });
        }
        Random random = new Random(seed);
        Map<String, List<String>> candidates = new LinkedHashMap<>();
        for (String lang : languages) {
            List<String> families = new ArrayList<>(byLanguage.get(lang).keySet().stream()
                    .filter(md5 -> documentsOfFamily.getOrDefault(md5, 0) >= 2 && !byLanguage.get(lang).get(md5).shortText().isEmpty())
                    .toList());
            Collections.shuffle(families, random);
            candidates.put(lang, families);
        }
        List<Query> queries = new ArrayList<>();
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        Map<String, Integer> next = new HashMap<>();
        while (queries.size() < queryCount) {
            boolean added = false;
            for (String lang : languages) {
                List<String> families = candidates.get(lang);
                int at = next.getOrDefault(lang, 0);
                if (at >= families.size() || queries.size() >= queryCount) {
                    continue;
                }
                next.put(lang, at + 1);
                String md5 = families.get(at);
                String id = "q-" + md5 + "-" + lang;
                queries.add(new Query(id, byLanguage.get(lang).get(md5).shortText(), lang, md5, null));
                boolean ownLanguage = !byLanguage.get(lang).get(md5).longText().isEmpty();
                qrels.put(id, Map.of(ownLanguage ? md5 + "-" + lang : firstDocument.get(md5), 1));
                added = true;
            }
            if (!added) {
                break; // every language ran out of families
            }
        }
        return new Dataset(new DatasetInfo("debian-descriptions", "Debian 12 package descriptions and their DDTP translations",
                "bookworm", "DFSG-free (each description under its package's licence; translations by the Debian "
                + "Description Translation Project)", "http://deb.debian.org/debian/dists/bookworm/main/i18n/",
                languages, true), corpus, queries, Qrels.of(qrels));
    }
}
