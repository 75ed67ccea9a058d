package io.clirbench.core.dataset.importer;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.LanguageCheck;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Builds the {@code xquad-clir} dataset from the XQuAD files {@code xquad.<lang>.json[.gz]}:
 * one document per (paragraph, language) with the paragraph position as family, and a
 * parallel sample of questions (the same ids in every language) as queries, each judged
 * relevant to its own paragraph in its own language. See shared/data/xquad/README.md.
 */
public final class XquadImporter {

    public static final int DEFAULT_QUESTIONS_PER_LANGUAGE = 100;
    public static final long DEFAULT_SEED = 20240601L;
    public static final String SOURCE_REPOSITORY = "https://github.com/google-deepmind/xquad";
    public static final String SOURCE_COMMIT = "7d30520c717524000f0d9d2f9c10a069acd9d285";

    private static final Pattern FILE_NAME = Pattern.compile("xquad\\.([A-Za-z_-]+)\\.json(\\.gz)?");

    private XquadImporter() {
    }

    /** Imports with the default sample: 100 questions per language, seed 20240601. */
    public static Dataset read(Path dir) {
        return read(dir, DEFAULT_QUESTIONS_PER_LANGUAGE, DEFAULT_SEED);
    }

    /**
     * Imports the XQuAD files of {@code dir}, keeping every paragraph and a seeded sample of
     * {@code questionsPerLanguage} question ids (see {@link #sample}).
     *
     * @throws DatasetFormatException when a file is malformed or the languages are not aligned
     */
    public static Dataset read(Path dir, int questionsPerLanguage, long seed) {
        Problems problems = new Problems();
        Map<String, Path> files = languageFiles(dir, problems);
        problems.throwIfAny();
        Map<String, List<SquadFile.Paragraph>> byLang = new TreeMap<>();
        files.forEach((lang, file) -> byLang.put(lang, SquadFile.read(file, problems)));
        problems.throwIfAny();
        String reference = byLang.containsKey("en") ? "en" : byLang.keySet().iterator().next();
        checkAlignment(byLang, files, reference, problems);
        problems.throwIfAny();

        List<String> allIds = byLang.get(reference).stream().flatMap(p -> p.questionIds().stream()).toList();
        if (questionsPerLanguage < 1 || questionsPerLanguage > allIds.size()) {
            throw new IllegalArgumentException("questions per language must be between 1 and " + allIds.size()
                    + ", got " + questionsPerLanguage);
        }
        Set<String> sampled = new HashSet<>(sample(allIds, questionsPerLanguage, seed));
        return build(byLang, sampled);
    }

    /**
     * The parallel sample: the ids sorted, shuffled with {@code new Random(seed)}, the first
     * {@code n} taken. Sorting first makes the sample independent of file order.
     */
    public static List<String> sample(List<String> ids, int n, long seed) {
        List<String> shuffled = new ArrayList<>(ids);
        Collections.sort(shuffled);
        Collections.shuffle(shuffled, new Random(seed));
        return List.copyOf(shuffled.subList(0, n));
    }

    /** The family (and document id stem) of the paragraph at a global position: {@code p042}. */
    public static String family(int position) {
        return String.format(Locale.ROOT, "p%03d", position);
    }

    private static Dataset build(Map<String, List<SquadFile.Paragraph>> byLang, Set<String> sampled) {
        List<Document> corpus = new ArrayList<>();
        List<Query> queries = new ArrayList<>();
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        byLang.forEach((lang, paragraphs) -> {
            for (int pos = 0; pos < paragraphs.size(); pos++) {
                SquadFile.Paragraph p = paragraphs.get(pos);
                String family = family(pos);
                String docId = family + "-" + lang;
                Map<String, Object> docMeta = new LinkedHashMap<>();
                docMeta.put("article", p.article());
                docMeta.put("paragraph", p.index());
                // no title: the article titles are English in every file and would leak English
                corpus.add(new Document(docId, null, p.context(), lang, family, docMeta));
                for (SquadFile.Question q : p.questions()) {
                    if (sampled.contains(q.id())) {
                        String queryId = q.id() + "-" + lang;
                        Map<String, Object> meta = new LinkedHashMap<>();
                        meta.put("squad_id", q.id());
                        meta.put("answers", q.answers());
                        meta.put("answer_start", q.answerStarts());
                        meta.put("article", p.article());
                        queries.add(new Query(queryId, q.text(), lang, family, meta));
                        qrels.put(queryId, Map.of(docId, 1));
                    }
                }
            }
        });
        DatasetInfo info = new DatasetInfo("xquad-clir", "XQuAD cross-lingual retrieval", "1.0", "CC-BY-SA-4.0",
                SOURCE_REPOSITORY + " (commit " + SOURCE_COMMIT + "); Artetxe, Ruder, Yogatama. On the Cross-lingual "
                        + "Transferability of Monolingual Representations. ACL 2020 (arXiv:1910.11856)",
                List.copyOf(byLang.keySet()), true);
        return new Dataset(info, corpus, queries, Qrels.of(qrels));
    }

    private static Map<String, Path> languageFiles(Path dir, Problems problems) {
        Map<String, Path> files = new TreeMap<>();
        String where = dir.toString();
        if (!Files.isDirectory(dir)) {
            problems.add(where, "not a directory");
            return files;
        }
        try (Stream<Path> entries = Files.list(dir)) {
            for (Path file : entries.sorted().toList()) {
                Matcher m = FILE_NAME.matcher(file.getFileName().toString());
                if (!m.matches()) {
                    continue;
                }
                String lang = m.group(1);
                String problem = LanguageCheck.problem(lang);
                if (problem != null) {
                    problems.add(file.getFileName().toString(), problem);
                } else if (files.putIfAbsent(lang, file) != null) {
                    problems.add(file.getFileName().toString(), "both xquad." + lang + ".json and xquad." + lang
                            + ".json.gz exist in " + dir + ": keep only one");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
        if (files.isEmpty() && problems.isEmpty()) {
            problems.add(where, "no XQuAD file (xquad.<lang>.json or xquad.<lang>.json.gz) in the directory");
        }
        return files;
    }

    // the families and the parallel sample are only meaningful if every language has the same
    // paragraphs (by position and article) with the same question ids
    private static void checkAlignment(Map<String, List<SquadFile.Paragraph>> byLang, Map<String, Path> files,
                                       String reference, Problems problems) {
        List<SquadFile.Paragraph> ref = byLang.get(reference);
        String refFile = files.get(reference).getFileName().toString();
        Set<String> seen = new HashSet<>();
        ref.forEach(p -> p.questionIds().forEach(id -> {
            if (!seen.add(id)) {
                problems.add(refFile, "question id '" + id + "' occurs twice");
            }
        }));
        byLang.forEach((lang, paragraphs) -> {
            String file = files.get(lang).getFileName().toString();
            if (paragraphs.size() != ref.size()) {
                problems.add(file, paragraphs.size() + " paragraphs, but " + refFile + " has " + ref.size());
                return;
            }
            for (int pos = 0; pos < ref.size(); pos++) {
                SquadFile.Paragraph mine = paragraphs.get(pos);
                SquadFile.Paragraph theirs = ref.get(pos);
                if (!mine.article().equals(theirs.article()) || !mine.questionIds().equals(theirs.questionIds())) {
                    problems.add(file, "paragraph " + family(pos) + " (article '" + mine.article() + "') has question ids "
                            + mine.questionIds() + ", but " + refFile + " has " + theirs.questionIds()
                            + " (article '" + theirs.article() + "')");
                }
            }
        });
    }
}
