package io.clirbench.core.agentic.configure;

import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.CorpusConfiguration;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/** The README of the shipped xquad-agentic task, generated with it (so the regeneration test checks it too). */
public final class XquadAgenticReadme {

    private XquadAgenticReadme() {
    }

    /** The README text. */
    public static String text(AgentTask task, long questionSeed, long seed) {
        StringBuilder out = new StringBuilder();
        out.append("# xquad-agentic\n\n")
                .append("An agentic search task in the layout of ARCHITECTURE.md \"Agentic task layout\", built offline from XQuAD ")
                .append("(`shared/data/xquad`) by `bench agent build-xquad --xquad ../shared/data/xquad --out datasets/xquad-agentic` ")
                .append("(question seed ").append(questionSeed).append(", configuration seed ").append(seed).append(").\n")
                .append("XBCP-style: the questions stay English, the evidence moves into other languages.\n\n")
                .append("## Contents\n\n")
                .append("| file | what | size |\n|---|---|---:|\n")
                .append("| `corpus.jsonl.gz` | every paragraph in every language: `_id` = `LANG/pNNN`, `family` = `pNNN` (the paragraph position), `article` | ")
                .append(task.corpus().size()).append(" documents (12 languages × 240 paragraphs) |\n")
                .append("| `queries.jsonl` | one English question per paragraph (`_id` = SQuAD id), with its gold `answer` | ")
                .append(task.queries().size()).append(" questions |\n")
                .append("| `qrels-evidence.tsv` | question → its English paragraph (family-level: every language version counts) | ")
                .append(task.evidence().queryIds().size()).append(" lines |\n")
                .append("| `qrels-gold.tsv` | the same as the evidence (the paragraph contains the answer) | ")
                .append(task.gold().queryIds().size()).append(" lines |\n")
                .append("| `configurations/NAME/` | `configuration.json` (rule, seed, languages, versions, provenance), ")
                .append("`lang_assignment.json`, `query_lang_assignment.json` (cross-lingual) | 3 configurations |\n\n")
                .append("The question of a paragraph is drawn with `java.util.Random(").append(questionSeed)
                .append(")` (`nextInt(questions)` per paragraph, in file order). Each paragraph is the evidence of exactly one ")
                .append("question, so a question's negatives are the other 239 paragraphs.\n\n")
                .append("## Configurations (METRICS.md §5)\n\n")
                .append("The agent's corpus holds one version of each paragraph (240 documents): the assigned language for ")
                .append("evidence, English otherwise (here every paragraph is evidence of some question).\n\n")
                .append("| configuration | rule | evidence languages (documents per language) |\n|---|---|---|\n");
        for (CorpusConfiguration c : task.configurations().values()) {
            Map<String, Integer> counts = new TreeMap<>();
            task.queries().forEach(q -> task.evidence().relevant(q.queryId())
                    .forEach(d -> counts.merge(c.docLanguage().getOrDefault(d, "en"), 1, Integer::sum)));
            StringBuilder langs = new StringBuilder();
            counts.forEach((l, n) -> langs.append(langs.isEmpty() ? "" : ", ").append(l).append(' ').append(n));
            out.append("| `").append(c.name()).append("` | ").append(rule(c.name(), seed)).append(" | ").append(langs).append(" |\n");
        }
        out.append("\nEvery assigned version comes from the corpus (provenance `corpus`); nothing is translated.\n")
                .append("Resource groups (dataset.json `resourceGroups`): high = ")
                .append(String.join(", ", XquadAgenticBuilder.HIGH_RESOURCE)).append(" (class 5 of Joshi et al. 2020), low = ")
                .append(String.join(", ", XquadAgenticBuilder.LOW_RESOURCE)).append(".\n\n")
                .append("Reference runs of the offline single-search agent (`bench agent baseline-offline`) are in ")
                .append("`runs/xquad-agentic/<configuration>/` (BrowseComp-Plus run format).\n\n")
                .append("## Licence and attribution\n\n")
                .append("The texts are XQuAD, CC BY-SA 4.0 (`LICENSE`, copied from the XQuAD repository): Artetxe, Ruder, Yogatama. ")
                .append("On the Cross-lingual Transferability of Monolingual Representations. ACL 2020 (arXiv:1910.11856); ")
                .append("https://github.com/google-deepmind/xquad, commit 7d30520c717524000f0d9d2f9c10a069acd9d285. The English ")
                .append("paragraphs and questions come from SQuAD v1.1 (Rajpurkar et al. 2016). This task is an adaptation ")
                .append("(selection and re-arrangement of the texts) and is shared under the same licence.\n");
        return out.toString();
    }

    private static String rule(String name, long seed) {
        return switch (name) {
            case "original" -> "all evidence in English";
            case "cross-lingual" -> String.format(Locale.ROOT, "one language per question, round-robin over the 11 languages on the seeded (%d) shuffle of the question ids", seed);
            case "multilingual" -> String.format(Locale.ROOT, "each evidence document round-robin over the 11 languages on the seeded (%d) shuffle of the docids", seed);
            default -> name;
        };
    }
}
