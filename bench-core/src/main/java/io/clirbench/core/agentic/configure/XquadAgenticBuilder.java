package io.clirbench.core.agentic.configure;

import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.dataset.importer.SquadFile;
import io.clirbench.core.dataset.importer.XquadImporter;
import io.clirbench.core.model.Document;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Builds the xquad-agentic task from the 12 XQuAD files, offline: one English question per paragraph (chosen with
 * {@code java.util.Random(seed)}, paragraphs in file order), its gold answer, evidence = gold = its English
 * paragraph (qrels are family-level: every language version counts); the corpus holds every language version
 * (docid {@code LANG/pNNN}, family {@code pNNN}). The negatives of a question are the other paragraphs.
 */
public final class XquadAgenticBuilder {

    /** The XQuAD languages, sorted. */
    public static final List<String> LANGUAGES = List.of("ar", "de", "el", "en", "es", "hi", "ro", "ru", "th", "tr", "vi", "zh");
    /** The source language of questions and evidence. */
    public static final String SOURCE = "en";
    /**
     * High-resource languages: class 5 of Joshi et al. (2020), "The State and Fate of Linguistic Diversity";
     * the other XQuAD languages form the low-resource group (a choice: XBCP does not fix the split).
     */
    public static final List<String> HIGH_RESOURCE = List.of("ar", "de", "es", "zh");
    public static final List<String> LOW_RESOURCE = List.of("el", "hi", "ro", "ru", "th", "tr", "vi");

    private XquadAgenticBuilder() {
    }

    /** The languages evidence moves into: every XQuAD language but English. */
    public static List<String> targetLanguages() {
        return LANGUAGES.stream().filter(l -> !l.equals(SOURCE)).toList();
    }

    /** The task without configurations (they are built by {@link ConfigurationBuilder}). */
    public static AgentTask build(Path xquadDir, long questionSeed, long configurationSeed) {
        Problems problems = new Problems();
        Map<String, List<SquadFile.Paragraph>> byLang = new LinkedHashMap<>();
        for (String lang : LANGUAGES) {
            byLang.put(lang, SquadFile.read(xquadDir.resolve("xquad." + lang + ".json.gz"), problems));
        }
        problems.throwIfAny();
        List<Document> corpus = new ArrayList<>();
        for (String lang : LANGUAGES) {
            List<SquadFile.Paragraph> paragraphs = byLang.get(lang);
            for (int pos = 0; pos < paragraphs.size(); pos++) {
                String family = XquadImporter.family(pos);
                corpus.add(new Document(lang + "/" + family, null, paragraphs.get(pos).context(), lang, family,
                        Map.of("article", paragraphs.get(pos).article())));
            }
        }
        Random random = new Random(questionSeed);
        List<GroundTruth> queries = new ArrayList<>();
        Map<String, List<EvidenceQrels.Line>> qrels = new LinkedHashMap<>();
        List<SquadFile.Paragraph> english = byLang.get(SOURCE);
        for (int pos = 0; pos < english.size(); pos++) {
            List<SquadFile.Question> questions = english.get(pos).questions();
            SquadFile.Question q = questions.get(random.nextInt(questions.size()));
            queries.add(new GroundTruth(q.id(), q.text(), q.answers().get(0), SOURCE));
            qrels.put(q.id(), List.of(new EvidenceQrels.Line(SOURCE + "/" + XquadImporter.family(pos), 1)));
        }
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("id", "xquad-agentic");
        info.put("name", "XQuAD agentic search (XBCP-style corpus configurations)");
        info.put("version", "1.0");
        info.put("license", "CC-BY-SA-4.0");
        info.put("source", "https://github.com/google-deepmind/xquad (commit " + XquadImporter.SOURCE_COMMIT
                + "); Artetxe, Ruder, Yogatama. On the Cross-lingual Transferability of Monolingual Representations. ACL 2020");
        info.put("kind", "agentic");
        info.put("languages", LANGUAGES);
        info.put("sourceLanguage", SOURCE);
        info.put("configurations", AssignmentRule.RULES);
        Map<String, Object> seeds = new LinkedHashMap<>();
        seeds.put("questions", questionSeed);
        seeds.put("configurations", configurationSeed);
        info.put("seeds", seeds);
        Map<String, List<String>> groups = new LinkedHashMap<>();
        groups.put("high", HIGH_RESOURCE);
        groups.put("low", LOW_RESOURCE);
        info.put("resourceGroups", groups);
        EvidenceQrels evidence = EvidenceQrels.of(qrels);
        return new AgentTask("xquad-agentic", info, corpus, queries, evidence, evidence, Map.of(), groups);
    }
}
