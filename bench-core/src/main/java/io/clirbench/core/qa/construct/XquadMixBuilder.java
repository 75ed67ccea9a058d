package io.clirbench.core.qa.construct;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.dataset.importer.SquadFile;
import io.clirbench.core.qa.format.PredictionWriter;
import io.clirbench.core.qa.format.QaDatasetWriter;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaDatasetInfo;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import io.clirbench.core.qa.select.LexicalSelector;
import io.clirbench.core.qa.select.OracleSelector;
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

/**
 * Builds xquad-mix, an XHotpotQA-style dataset from XQuAD's parallel text with every language assignment
 * controlled (seeded, recorded in {@code provenance}). One source question (an XQuAD id) appears in every
 * question language under four conditions, so condition effects are paired on the same questions:
 * <ul>
 *   <li>{@code gold-aligned-no-distractors}: the gold paragraph alone, in the question language;</li>
 *   <li>S0 {@code fully-monolingual}: gold plus the other four paragraphs of its article (hard distractors),
 *       all in the question language;</li>
 *   <li>S1 {@code multilingual-distractors-only}: gold in the question language, each distractor in a language
 *       drawn from the other languages;</li>
 *   <li>S3 {@code full-mismatch-single-evidence-language}: gold in one other language (drawn), distractors in the
 *       question language (so own-language text competes with the evidence).</li>
 * </ul>
 * XQuAD is single-hop, so S2 and S4 (which need two gold paragraphs) cannot occur. The supporting fact is the
 * sentence of the gold paragraph, in its assigned language, that holds that language's answer span; the
 * answer is the question language's. Only questions whose answer lies inside one sentence in every language
 * are sampled, one per article.
 */
public final class XquadMixBuilder {

    /** Default number of source questions. */
    public static final int DEFAULT_QUESTIONS = 24;
    /** Default seed. */
    public static final long DEFAULT_SEED = 20261201L;
    /** Condition codes in file order, with their XHotpotQA names. */
    static final Map<String, String> CONDITIONS = conditions();
    private static final String SOURCE = "https://github.com/google-deepmind/xquad";
    private static final String COMMIT = "7d30520c717524000f0d9d2f9c10a069acd9d285";

    private final Map<String, List<SquadFile.Paragraph>> byLanguage;
    private final List<String> languages;
    private final Map<String, SentenceSplitter> splits = new TreeMap<>();

    private XquadMixBuilder(Map<String, List<SquadFile.Paragraph>> byLanguage) {
        this.byLanguage = byLanguage;
        this.languages = List.copyOf(byLanguage.keySet());
    }

    /** The dataset built from the XQuAD directory. */
    public record Built(QaDatasetInfo info, List<QaInstance> instances) {
    }

    /** Reads {@code xquad.<lang>.json[.gz]} from {@code xquad} and builds the dataset. */
    public static Built build(Path xquad, int questions, long seed) {
        XquadMixBuilder builder = new XquadMixBuilder(read(xquad));
        List<QaInstance> instances = builder.instances(questions, seed);
        Set<String> used = new java.util.TreeSet<>(builder.languages);
        QaDatasetInfo info = new QaDatasetInfo("xquad-mix", "XQuAD mixed-language evidence (XHotpotQA-style, single-hop)",
                "1." + questions + "." + seed, "CC-BY-SA-4.0", SOURCE + " @ " + COMMIT, List.copyOf(used));
        return new Built(info, instances);
    }

    /** Builds and writes the dataset and its two reference prediction files ({@code predictions/oracle.jsonl}, {@code predictions/lexical-overlap.jsonl}). */
    public static Built write(Path xquad, Path out, int questions, long seed) {
        Built built = build(xquad, questions, seed);
        QaDatasetWriter.write(built.info(), built.instances(), out);
        try {
            Files.createDirectories(out.resolve("predictions"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        PredictionWriter.write(built.instances().stream().map(OracleSelector::predict).toList(), out.resolve("predictions/oracle.jsonl"));
        PredictionWriter.write(built.instances().stream().map(LexicalSelector::predict).toList(),
                out.resolve("predictions/lexical-overlap.jsonl"));
        return built;
    }

    private List<QaInstance> instances(int questions, long seed) {
        List<String[]> eligible = eligible(); // {id, position}
        List<String> ids = new ArrayList<>(eligible.stream().map(e -> e[0]).toList());
        Collections.sort(ids);
        Collections.shuffle(ids, new Random(seed));
        Map<String, Integer> positionOf = new LinkedHashMap<>();
        eligible.forEach(e -> positionOf.put(e[0], Integer.parseInt(e[1])));
        List<SquadFile.Paragraph> reference = byLanguage.get(languages.get(0));
        Set<String> articles = new HashSet<>();
        List<String> sampled = new ArrayList<>();
        for (String id : ids) {
            if (sampled.size() < questions && articles.add(reference.get(positionOf.get(id)).article())) {
                sampled.add(id);
            }
        }
        if (sampled.size() < questions) {
            throw new IllegalArgumentException("only " + sampled.size() + " articles have an eligible question; asked for " + questions);
        }
        List<QaInstance> out = new ArrayList<>();
        for (String id : sampled) {
            for (String lq : languages) {
                for (String code : CONDITIONS.keySet()) {
                    out.add(instance(id, positionOf.get(id), lq, code, seed));
                }
            }
        }
        return out;
    }

    private QaInstance instance(String qid, int gold, String lq, String code, long seed) {
        List<SquadFile.Paragraph> paragraphs = byLanguage.get(lq);
        SquadFile.Paragraph goldParagraph = paragraphs.get(gold);
        List<Integer> article = new ArrayList<>();
        for (int p = 0; p < paragraphs.size(); p++) {
            if (paragraphs.get(p).article().equals(goldParagraph.article())) {
                article.add(p);
            }
        }
        // display order: one seeded shuffle per question, the same in every language and condition
        Collections.shuffle(article, new Random(seed * 31 + qid.hashCode()));
        Random draw = new Random(seed * 31 + (qid + "/" + lq).hashCode());
        List<String> others = languages.stream().filter(l -> !l.equals(lq)).toList();
        String goldLanguage = code.equals("S3") ? others.get(draw.nextInt(others.size())) : lq;
        List<Integer> shown = code.equals("A0") ? List.of(gold) : article;
        List<Candidate> candidates = new ArrayList<>();
        Map<String, Object> assignment = new LinkedHashMap<>();
        SupportingFact fact = null;
        for (int i = 0; i < shown.size(); i++) {
            int position = shown.get(i);
            boolean isGold = position == gold;
            String language = isGold ? goldLanguage : code.equals("S1") ? others.get(draw.nextInt(others.size())) : lq;
            SquadFile.Paragraph p = byLanguage.get(language).get(position);
            String pid = String.format(Locale.ROOT, "p%02d", i);
            String title = p.article().replace('_', ' ') + " #" + (p.index() + 1);
            candidates.add(new Candidate(pid, title, split(language, position).sentences(), language, title, null));
            assignment.put(pid, language + "/" + String.format(Locale.ROOT, "p%03d", position));
            if (isGold) {
                SquadFile.Question q = question(p, qid);
                fact = new SupportingFact(pid, split(language, position).sentenceHolding(q.answerStarts().get(0), q.answers().get(0).length()),
                        "answer");
            }
        }
        SquadFile.Question question = question(goldParagraph, qid);
        Map<String, Object> provenance = new LinkedHashMap<>();
        provenance.put("source_dataset", "google-deepmind/xquad");
        provenance.put("source_commit", COMMIT);
        provenance.put("source_license", "CC-BY-SA-4.0");
        provenance.put("builder", "clirbench xquad-mix (bench qa import xquad-mix)");
        provenance.put("seed", seed);
        provenance.put("design_condition", CONDITIONS.get(code));
        provenance.put("gold_position", String.format(Locale.ROOT, "p%03d", gold));
        provenance.put("language_assignment", assignment);
        provenance.put("segmenter", SentenceSplitter.NAME);
        return new QaInstance("xqm-" + qid + "-" + lq + "-" + code, qid, "xquad", "single-hop", null, question.text(),
                question.answers().get(0), lq, lq, candidates, List.of(fact), "accepted", provenance);
    }

    // questions whose answer lies inside one sentence in every language: {id, paragraph position}
    private List<String[]> eligible() {
        List<String[]> out = new ArrayList<>();
        List<SquadFile.Paragraph> reference = byLanguage.get(languages.get(0));
        for (int position = 0; position < reference.size(); position++) {
            for (SquadFile.Question q : reference.get(position).questions()) {
                boolean inside = true;
                for (String language : languages) {
                    SquadFile.Question translated = question(byLanguage.get(language).get(position), q.id());
                    String answer = translated.answers().get(0);
                    inside &= !answer.isBlank()
                            && split(language, position).sentenceHolding(translated.answerStarts().get(0), answer.length()) >= 0;
                }
                if (inside) {
                    out.add(new String[] {q.id(), Integer.toString(position)});
                }
            }
        }
        return out;
    }

    private SentenceSplitter split(String language, int position) {
        return splits.computeIfAbsent(language + "/" + position,
                k -> new SentenceSplitter(byLanguage.get(language).get(position).context(), language));
    }

    private static SquadFile.Question question(SquadFile.Paragraph p, String id) {
        return p.questions().stream().filter(q -> q.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalStateException("question " + id + " missing from " + p.article()));
    }

    private static Map<String, List<SquadFile.Paragraph>> read(Path dir) {
        Problems problems = new Problems();
        Map<String, List<SquadFile.Paragraph>> out = new TreeMap<>();
        try (var files = Files.list(dir)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (name.matches("xquad\\.[a-z]{2}\\.json(\\.gz)?")) {
                    out.put(name.substring(6, 8), SquadFile.read(f, problems));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        problems.throwIfAny();
        if (out.size() < 2) {
            throw new DatasetFormatException(dir.toString(), "needs at least two xquad.<lang>.json[.gz] files, found " + out.keySet());
        }
        List<SquadFile.Paragraph> reference = out.values().iterator().next();
        out.forEach((lang, paragraphs) -> {
            if (paragraphs.size() != reference.size()) {
                problems.add("xquad." + lang + ".json", paragraphs.size() + " paragraphs, expected " + reference.size());
                return;
            }
            for (int p = 0; p < paragraphs.size(); p++) {
                if (!paragraphs.get(p).questionIds().equals(reference.get(p).questionIds())) {
                    problems.add("xquad." + lang + ".json", "paragraph " + p + ": question ids differ from the other languages");
                }
            }
        });
        problems.throwIfAny();
        return out;
    }

    private static Map<String, String> conditions() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("A0", "gold-aligned-no-distractors");
        m.put("S0", "fully-monolingual");
        m.put("S1", "multilingual-distractors-only");
        m.put("S3", "full-mismatch-single-evidence-language");
        return Collections.unmodifiableMap(m);
    }
}
