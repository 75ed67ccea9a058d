package io.clirbench.core.agentic.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.CorpusConfiguration;
import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.model.Document;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Evidence languages of an agentic task are grouped by language identity (ARCHITECTURE.md "Language tags"): a family moved
 * into {@code pt-BR} and one moved into {@code pt} are both Portuguese, one into {@code zh-Hant} is not Chinese as
 * {@code zh-CN} is; resource groups declared with any tag of a language hold its queries.
 */
class AgentLanguageIdentityTest {

    /** high then low, in declaration order as the task reader keeps it (a Map.of's order changes from JVM to JVM). */
    private static Map<String, List<String>> groups() {
        Map<String, List<String>> groups = new java.util.LinkedHashMap<>();
        groups.put("high", List.of("pt-BR", "zh-Hans"));
        groups.put("low", List.of("zh-Hant"));
        return groups;
    }

    @Test
    void evidenceLanguagesAndResourceGroupsFollowTheIdentityNotTheTagAsWritten() {
        // four English evidence documents (families f1..f4), each with a version in another tag; q_i's evidence is e_i
        List<Document> corpus = List.of(
                new Document("e1", null, "one", "en", "f1", Map.of()), new Document("pt-BR/e1", null, "um", "pt-BR", "f1", Map.of()),
                new Document("e2", null, "two", "en", "f2", Map.of()), new Document("pt/e2", null, "dois", "pt", "f2", Map.of()),
                new Document("e3", null, "three", "en", "f3", Map.of()), new Document("zh-CN/e3", null, "三", "zh-CN", "f3", Map.of()),
                new Document("e4", null, "four", "en", "f4", Map.of()), new Document("zh-TW/e4", null, "四", "zh-TW", "f4", Map.of()));
        EvidenceQrels qrels = EvidenceQrels.ofGrades(Map.of("q1", Map.of("e1", 1), "q2", Map.of("e2", 1), "q3", Map.of("e3", 1),
                "q4", Map.of("e4", 1)));
        CorpusConfiguration moved = new CorpusConfiguration("multilingual", Map.of(), Map.of(),
                Map.of("e1", "pt-BR/e1", "e2", "pt/e2", "e3", "zh-CN/e3", "e4", "zh-TW/e4"), Map.of());
        List<GroundTruth> questions = List.of(new GroundTruth("q1", "1?", "1", "en"), new GroundTruth("q2", "2?", "2", "en"),
                new GroundTruth("q3", "3?", "3", "en"), new GroundTruth("q4", "4?", "4", "en"));
        AgentTask task = new AgentTask("t", Map.of("sourceLanguage", "en"), corpus, questions, qrels, qrels,
                Map.of("multilingual", moved), groups());

        AgentBenchmark b = AgentBenchmark.of(task, "multilingual", null);
        // by hand: pt-BR and pt → pt; zh-CN → zh (Hans is Chinese's default script); zh-TW → zh-Hant
        assertThat(b.evidenceLanguage()).containsExactlyInAnyOrderEntriesOf(Map.of("q1", "pt", "q2", "pt", "q3", "zh", "q4", "zh-Hant"));
        assertThat(b.resourceGroups()).containsEntry("high", List.of("pt", "zh")).containsEntry("low", List.of("zh-Hant"));
        // the per-language rows: pt holds two queries, zh one, zh-Hant one; the high group three, the low one
        AgentRunResult r = AgentEvaluation.evaluate("t", List.of(new AgentEvaluation.Input(b, new io.clirbench.core.agentic.model.AgentRun(
                "empty", "none", List.of(), List.of()))), ScoringMode.DEFAULT, null, new io.clirbench.core.stats.Stats(0, 1)).runs().get(0);
        assertThat(r.byLanguage()).extracting(LanguageRow::language).containsExactly("pt", "zh", "zh-Hant");
        assertThat(r.byLanguage()).extracting(LanguageRow::queries).containsExactly(2, 1, 1);
        assertThat(r.byGroup()).extracting(LanguageRow::language, LanguageRow::queries)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("high", 3), org.assertj.core.groups.Tuple.tuple("low", 1));
    }
}
