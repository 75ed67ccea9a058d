package io.clirbench.core.agentic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.agentic.eval.AgentBenchmark;
import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.AgentRunResult;
import io.clirbench.core.agentic.eval.LanguageRow;
import io.clirbench.core.agentic.eval.ScoringMode;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.model.Document;
import io.clirbench.core.stats.Stats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A task in the exact ARCHITECTURE.md "Agentic task layout" ({@code src/test/resources/agentic/architecture-layout}):
 * four families p0–p3 in en, de and ar plus an English negative; family-level {@code qrels-evidence.tsv} listing
 * every language version (q1: p0, q2: p1, q3: p2, q4: p3 and p0); no {@code configuration.json} anywhere;
 * {@code original} has no directory, {@code cross-lingual} a {@code lang_assignment.json} keyed by docid and a
 * {@code query_lang_assignment.json}, {@code multilingual} a {@code lang_assignment.json} keyed by family id. The
 * per-evidence-language rows are checked against a table worked by hand from the run files in
 * {@code agentic-runs/CONFIG/}.
 */
class ArchitectureLayoutTaskTest {

    static final Path TASK = Path.of("src/test/resources/agentic/architecture-layout");
    static final Path RUNS = Path.of("src/test/resources/agentic/agentic-runs");

    @TempDir
    Path tmp;

    private static AgentRunResult evaluate(AgentTask task, String config) {
        AgentEvaluation e = AgentEvaluation.evaluate(task.id(),
                List.of(new AgentEvaluation.Input(AgentBenchmark.of(task, config, null),
                        BcpRunReader.read(RUNS.resolve(config), config, true))),
                ScoringMode.DEFAULT, task.corpus().stream().map(Document::id).collect(Collectors.toSet()), Stats.of(0, 1));
        return e.runs().get(0);
    }

    private static Map<String, LanguageRow> rows(AgentRunResult r) {
        return r.byLanguage().stream().collect(Collectors.toMap(LanguageRow::language, x -> x));
    }

    private static void row(LanguageRow r, int n, double accuracy, double recall) {
        assertThat(r.queries()).as(r.language() + " N").isEqualTo(n);
        assertThat(r.accuracy()).as(r.language() + " accuracy").isCloseTo(accuracy, within(1e-12));
        assertThat(r.evidenceRecall()).as(r.language() + " evidence recall").isCloseTo(recall, within(1e-12));
    }

    @Test
    void theDocumentedLayoutReadsAndDerivesEachConfigurationsVersions() {
        AgentTask task = AgentTaskReader.read(TASK);
        assertThat(task.configuration("original").versions()).isEmpty();
        // lang_assignment.json keyed by docid (cross-lingual) and by family id (multilingual): both assign the family,
        // the version is the corpus document of that family in the assigned language
        assertThat(task.configuration("cross-lingual").versions()).containsExactlyInAnyOrderEntriesOf(
                Map.of("en/p0", "de/p0", "en/p1", "ar/p1", "en/p2", "de/p2", "en/p3", "ar/p3"));
        assertThat(task.configuration("multilingual").versions()).containsExactlyInAnyOrderEntriesOf(
                Map.of("en/p0", "ar/p0", "en/p1", "de/p1", "en/p2", "ar/p2", "en/p3", "de/p3"));
        assertThat(task.configuration("multilingual").docLanguage()).containsEntry("en/p0", "ar");
        assertThat(task.configuration("cross-lingual").provenance()).containsEntry("de/p0", "corpus");
    }

    @Test
    void perEvidenceLanguageRowsEqualTheTableWorkedByHand() {
        AgentTask task = AgentTaskReader.read(TASK);
        // original: every family's configured version is its en document -> all four queries are 'en' (the old rule,
        // the set of languages of the qrels documents, gave 'mixed' for all); each run retrieves the en versions of all
        // its families and answers right: N 4, accuracy 4/4, recall (1+1+1+2/2)/4 = 1
        Map<String, LanguageRow> original = rows(evaluate(task, "original"));
        assertThat(original).containsOnlyKeys("en");
        row(original.get("en"), 4, 1.0, 1.0);

        // cross-lingual: the query_lang_assignment.json entry is the evidence language (q1 de, q2 ar, q3 de, q4 ar;
        // q4's p0 is held in de, assigned by q1, yet q4 is 'ar').
        //   q1 returns de/p0 (its configured version), right       -> recall 1, correct
        //   q2 returns the negative en/n0, wrong                    -> recall 0
        //   q3 returns en/p2, but the corpus holds de/p2, right     -> recall 0, correct
        //   q4 returns ar/p3 and de/p0 (both configured), wrong      -> recall 2/2
        // de: N 2, accuracy 2/2, recall (1+0)/2 = 0.5; ar: N 2, accuracy 0/2, recall (0+1)/2 = 0.5
        AgentRunResult cross = evaluate(task, "cross-lingual");
        Map<String, LanguageRow> cl = rows(cross);
        assertThat(cl).containsOnlyKeys("de", "ar");
        row(cl.get("de"), 2, 1.0, 0.5);
        row(cl.get("ar"), 2, 0.0, 0.5);
        assertThat(cross.byGroup()).extracting(LanguageRow::language).containsExactly("high", "low");
        row(cross.byGroup().get(0), 2, 1.0, 0.5);

        // multilingual (keyed by family: p0 ar, p1 de, p2 ar, p3 de):
        //   q1 (p0: ar) returns ar/p0, right                        -> ar, recall 1, correct
        //   q2 (p1: de) returns de/p1, wrong                        -> de, recall 1
        //   q3 (p2: ar) returns nothing, wrong                      -> ar, recall 0
        //   q4 (p3: de, p0: ar: the versions really differ) returns de/p3 only, right -> mixed, recall 1/2
        // ar: N 2, accuracy 1/2, recall 0.5; de: N 1, accuracy 0, recall 1; mixed: N 1, accuracy 1, recall 0.5
        Map<String, LanguageRow> ml = rows(evaluate(task, "multilingual"));
        assertThat(ml).containsOnlyKeys("ar", "de", "mixed");
        row(ml.get("ar"), 2, 0.5, 0.5);
        row(ml.get("de"), 1, 0.0, 1.0);
        row(ml.get("mixed"), 1, 1.0, 0.5);
    }

    private Path copyTask() throws IOException {
        Path dir = tmp.resolve("task");
        try (Stream<Path> s = Files.walk(TASK)) {
            for (Path p : s.sorted(Comparator.naturalOrder()).toList()) {
                Path to = dir.resolve(TASK.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        return dir;
    }

    @Test
    void aMissingFileOrVersionIsNamedWithWhyItIsNeeded() throws IOException {
        Path dir = copyTask();
        Files.delete(dir.resolve("configurations/cross-lingual/lang_assignment.json"));
        Files.writeString(dir.resolve("configurations/multilingual/lang_assignment.json"), "{\"p0\": \"fi\", \"p9\": \"de\"}");
        assertThatThrownBy(() -> AgentTaskReader.read(dir))
                .hasMessageContaining("configurations/cross-lingual/lang_assignment.json: missing file: query_lang_assignment.json"
                        + " gives each query's language, but which version of each evidence family the corpus holds is read from"
                        + " lang_assignment.json")
                .hasMessageContaining("configurations/multilingual/lang_assignment.json: 'p9' is neither a docid nor a family of the corpus");
        Files.writeString(dir.resolve("configurations/multilingual/lang_assignment.json"), "{\"p0\": \"fi\"}");
        Files.delete(dir.resolve("configurations/cross-lingual/query_lang_assignment.json"));
        assertThatThrownBy(() -> AgentTaskReader.read(dir))
                .hasMessageContaining("configurations/cross-lingual/lang_assignment.json: missing file (dataset.json lists configuration"
                        + " 'cross-lingual'; a configuration other than 'original' needs lang_assignment.json")
                .hasMessageContaining("configurations/multilingual/lang_assignment.json: family 'p0' is assigned 'fi' but the corpus"
                        + " has no 'fi' version of it");
    }
}
