package io.clirbench.core.construct.qajudge;

import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * XHotpotQA's {@code sample_units}: a seeded, language-balanced sample of translated units. Every candidate paragraph
 * in another language than its source is a paragraph unit; every question in another language is a question unit and
 * an answer unit (a pair). Per language, sorted: the first {@code paragraphs} paragraph units by SHA-256({@code
 * seed\0LANG:paragraph\0record_id}) (ties by record id), then of the pairs ranked by SHA-256({@code
 * seed\0LANG:qa\0instance_id}) the questions of the first {@code questions} and the answers of the first {@code answers}.
 * The rank does not depend on the order of the input, so the sample is the peer's for the same files and seed.
 *
 * <p>The source of a question and its answer is the source dataset's instance of the same {@code source_id} (the peer
 * reads the HotpotQA source files); the source language is that instance's question language (the peer assumes
 * English).
 */
public final class JudgeSample {

    private JudgeSample() {
    }

    /** The sample, in the peer's order: per language, paragraphs, then questions, then answers. */
    public static List<JudgeUnit> units(List<QaInstance> translated, List<QaInstance> sources, int paragraphs, int questions, int answers,
            long seed) {
        Map<String, QaInstance> bySource = bySourceId(sources);
        Map<String, List<JudgeUnit>> paragraphBuckets = new HashMap<>();
        Map<String, List<JudgeUnit[]>> qaBuckets = new HashMap<>();
        for (QaInstance i : translated) {
            QaInstance source = bySource.get(i.sourceId());
            if (source == null) {
                throw new IllegalArgumentException("instance '" + i.id() + "': the source dataset has no instance with source_id '"
                        + i.sourceId() + "'");
            }
            String sourceLang = source.questionLanguage();
            for (Candidate c : i.candidates()) {
                if (c.language().equals(sourceLang)) {
                    continue;
                }
                if (c.sourceSentences() == null) {
                    throw new IllegalArgumentException("instance '" + i.id() + "' candidate '" + c.id() + "' is in '" + c.language()
                            + "' but has no source_sentences: not a translation this command can judge");
                }
                paragraphBuckets.computeIfAbsent(c.language(), l -> new ArrayList<>()).add(new JudgeUnit(i.id(), i.sourceId(),
                        i.sourceSplit(), sourceLang, c.language(), JudgeUnit.Kind.PARAGRAPH, c.id(), String.join(" ", c.sourceSentences()),
                        String.join(" ", c.sentences()), ""));
            }
            String lang = i.questionLanguage();
            if (lang.equals(sourceLang)) {
                continue;
            }
            JudgeUnit question = new JudgeUnit(i.id(), i.sourceId(), i.sourceSplit(), sourceLang, lang, JudgeUnit.Kind.QUESTION, null,
                    source.question(), i.question(), "");
            JudgeUnit answer = new JudgeUnit(i.id(), i.sourceId(), i.sourceSplit(), sourceLang, lang, JudgeUnit.Kind.ANSWER, null,
                    source.answer(), i.answer(), source.question());
            qaBuckets.computeIfAbsent(lang, l -> new ArrayList<>()).add(new JudgeUnit[] {question, answer});
        }
        List<JudgeUnit> out = new ArrayList<>();
        TreeSet<String> languages = new TreeSet<>(paragraphBuckets.keySet());
        languages.addAll(qaBuckets.keySet());
        for (String lang : languages) {
            String pStratum = lang + ":paragraph";
            paragraphBuckets.getOrDefault(lang, List.of()).stream()
                    .sorted(Comparator.comparing((JudgeUnit u) -> rank(seed, pStratum, u.recordId())).thenComparing(JudgeUnit::recordId))
                    .limit(paragraphs).forEach(out::add);
            String qStratum = lang + ":qa";
            List<JudgeUnit[]> pairs = qaBuckets.getOrDefault(lang, List.of()).stream()
                    .sorted(Comparator.comparing((JudgeUnit[] p) -> rank(seed, qStratum, p[0].instanceId()))
                            .thenComparing(p -> p[0].recordId()))
                    .limit(Math.max(questions, answers)).toList();
            pairs.stream().limit(questions).forEach(p -> out.add(p[0]));
            pairs.stream().limit(answers).forEach(p -> out.add(p[1]));
        }
        return out;
    }

    /** The peer's {@code _rank}: SHA-256 of {@code seed \0 stratum \0 identity}, hex. */
    static String rank(long seed, String stratum, String identity) {
        return JudgeUnit.sha256(seed + "\u0000" + stratum + "\u0000" + identity);
    }

    private static Map<String, QaInstance> bySourceId(List<QaInstance> sources) {
        Map<String, QaInstance> out = new TreeMap<>();
        for (QaInstance s : sources) {
            QaInstance before = out.putIfAbsent(s.sourceId(), s);
            if (before != null) {
                throw new IllegalArgumentException("the source dataset has two instances with source_id '" + s.sourceId() + "' ('"
                        + before.id() + "' and '" + s.id() + "')");
            }
        }
        return out;
    }
}
