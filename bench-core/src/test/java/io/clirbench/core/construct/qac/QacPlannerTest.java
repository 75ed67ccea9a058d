package io.clirbench.core.construct.qac;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.model.Document;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The QAC selection: the {@code --min-languages} family rule, the seeded pool, and a {@code --max-sources} selection
 * balanced over setups and modes. Corpus: 24 families F01..F24 whose languages cycle through {en, fr}, {en, de},
 * {de, fr, es}, {en, de, fr} (each has a target language and lacks one of en, de, fr, es, so every setup applies to
 * every family), and two one-language families G1 {en}, G2 {zh}.
 */
class QacPlannerTest {

    private static final List<String> TARGETS = List.of("en", "de", "fr", "es");
    private static final List<List<String>> CYCLE = List.of(List.of("en", "fr"), List.of("en", "de"), List.of("de", "fr", "es"),
            List.of("en", "de", "fr"));

    private static List<Document> corpus() {
        List<Document> docs = new ArrayList<>();
        for (int f = 1; f <= 24; f++) {
            String family = String.format("F%02d", f);
            for (String l : CYCLE.get((f - 1) % 4)) {
                docs.add(new Document(family + "_" + l, null, "text of " + family, l, family, Map.of()));
            }
        }
        docs.add(new Document("G1_en", null, "g1", "en", "G1", Map.of()));
        docs.add(new Document("G2_zh", null, "g2", "zh", "G2", Map.of()));
        return docs;
    }

    private static QacPlan mixed(Integer maxSources, int minLanguages, long seed) {
        return QacPlanner.plan(corpus(), TARGETS, QacSetup.listOf("mixed"), QacPlanner.modes("mixed"), false, minLanguages, maxSources,
                seed);
    }

    private static Map<String, Integer> cells(QacPlan plan) {
        Map<String, Integer> cells = new TreeMap<>();
        plan.manifest().stream().filter(QacPlan.ManifestRow::selected)
                .forEach(m -> cells.merge(m.setup().option() + "/" + m.mode().option(), 1, Integer::sum));
        return cells;
    }

    @Test
    void sixteenOfTwentyFourSourcesSpreadByQuestionsOverSetupAndModeWithOneLanguageFamiliesLeftOut() {
        QacPlan plan = mixed(16, 2, 7);
        // G1 and G2 have one language each: skipped, not in the pool
        assertThat(plan.skipped()).extracting(QacPlan.Skipped::family).containsExactly("G1", "G2");
        assertThat(plan.skipped().get(0).reason()).isEqualTo("the family has 1 language [en], fewer than --min-languages 2");
        assertThat(plan.manifest()).hasSize(24);
        assertThat(plan.manifest()).extracting(QacPlan.ManifestRow::poolRank).containsExactlyElementsOf(
                java.util.stream.IntStream.rangeClosed(1, 24).boxed().toList());
        // every source is usable by every cell: the first 16 of the pool are selected
        assertThat(plan.manifest()).allSatisfy(m -> assertThat(m.selected()).isEqualTo(m.poolRank() <= 16));
        // 8 cells (any, missing, existing, all x technical, general), the fewest questions first: sources 1-8 take one
        // cell each (the all cells then hold 4 questions, the others 1); sources 9-14 the six 1-question cells in order
        // (2 each), 15-16 any/technical and any/general (3). Questions: 3 + 2 + 2 + 4 per mode = 11, 22 in all
        assertThat(cells(plan)).isEqualTo(Map.of("all/general", 1, "all/technical", 1, "random-any/general", 3, "random-any/technical", 3,
                "random-existing/general", 2, "random-existing/technical", 2, "random-missing/general", 2, "random-missing/technical", 2));
        assertThat(plan.items()).hasSize(22);
        assertThat(plan.items().stream().filter(i -> i.mode() == QacMode.TECHNICAL)).hasSize(11);
        assertThat(plan.manifest().stream().mapToInt(QacPlan.ManifestRow::expectedQuestions).sum()).isEqualTo(22);
        for (QacItem i : plan.items()) {
            switch (i.setup()) {
                case RANDOM_MISSING -> assertThat(i.familyLanguages()).doesNotContain(i.targetLang());
                case RANDOM_EXISTING -> assertThat(i.familyLanguages()).contains(i.targetLang());
                default -> assertThat(TARGETS).contains(i.targetLang());
            }
        }
        // seeded: the same seed gives the same plan, another seed another selection
        assertThat(mixed(16, 2, 7).manifest()).isEqualTo(plan.manifest());
        assertThat(selectedFamilies(mixed(16, 2, 8))).isNotEqualTo(selectedFamilies(plan));
    }

    /**
     * The pilot's {@code balanced_100_qac_manifest.csv}: 82 sources selected over four languages give, per mode,
     * 13 random-any, 13 random-missing, 12 random-existing and 3 all sources (x 4 questions): 100 questions. The same
     * selection rule over 82 sources of a pool like the pilot's gives the same counts.
     */
    @Test
    void eightyTwoSourcesGiveThePilotManifestsCellCounts() throws Exception {
        Map<String, int[]> pilot = new TreeMap<>(); // mode/strategy_name -> {sources, questions}
        List<String> lines = java.nio.file.Files.readAllLines(java.nio.file.Path.of("../../shared/data/chemclir/balanced_100_qac_manifest.csv"));
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            if (f[2].equals("yes")) {
                int[] n = pilot.computeIfAbsent(f[3] + "/" + f[5], k -> new int[2]);
                n[0]++;
                n[1] += Integer.parseInt(f[6]);
            }
        }
        List<Document> docs = new ArrayList<>();
        for (int f = 1; f <= 100; f++) {
            for (String l : CYCLE.get(f % 4)) {
                docs.add(new Document("EP-" + f + "_" + l, null, "t", l, "EP-" + f, Map.of()));
            }
        }
        QacPlan plan = QacPlanner.plan(docs, TARGETS, QacSetup.listOf("mixed"), QacPlanner.modes("mixed"), false, 2, 82, 11);
        Map<String, int[]> ours = new TreeMap<>();
        for (QacPlan.ManifestRow m : plan.manifest()) {
            if (m.selected()) {
                int[] n = ours.computeIfAbsent(m.mode().csvName() + "/" + m.setup().strategyName(), k -> new int[2]);
                n[0]++;
                n[1] += m.expectedQuestions();
            }
        }
        assertThat(pilot.get("technical/random_any")).containsExactly(13, 13);
        assertThat(pilot.get("semantic/all")).containsExactly(3, 12);
        assertThat(ours.keySet()).isEqualTo(pilot.keySet());
        ours.forEach((cell, n) -> assertThat(n).as(cell).containsExactly(pilot.get(cell)));
        assertThat(plan.items()).hasSize(100);
    }

    private static List<String> selectedFamilies(QacPlan plan) {
        return plan.manifest().stream().filter(QacPlan.ManifestRow::selected).map(QacPlan.ManifestRow::family).sorted().toList();
    }

    @Test
    void withoutMaxSourcesThePoolIsSelectedWholeAndMinLanguagesOneAdmitsOneLanguageFamilies() {
        // 24 sources: after the first 16 (above), 17-22 fill the 2-question cells any, missing, existing ... in order to 3
        // and 4: any 4, missing 4, existing 3, all 1 source (4 questions) per mode
        assertThat(cells(mixed(null, 2, 7))).isEqualTo(Map.of("all/general", 1, "all/technical", 1, "random-any/general", 4,
                "random-any/technical", 4, "random-existing/general", 3, "random-existing/technical", 3, "random-missing/general", 4,
                "random-missing/technical", 4));
        QacPlan one = mixed(null, 1, 7);
        assertThat(one.manifest()).hasSize(26);
        assertThat(one.skipped()).isEmpty();
        // G2 {zh} has no target language: random-existing never asks it, so it got another setup
        QacPlan.ManifestRow g2 = one.manifest().stream().filter(m -> m.family().equals("G2")).findFirst().orElseThrow();
        assertThat(g2.selected()).isTrue();
        assertThat(g2.setup()).isNotEqualTo(QacSetup.RANDOM_EXISTING);
    }

    @Test
    void aSetupNoSourceCanUseLeavesItsCellsEmptyAndTheOthersBalanced() {
        List<Document> docs = new ArrayList<>();
        for (int f = 1; f <= 8; f++) {
            for (String l : TARGETS) {
                docs.add(new Document("H" + f + "_" + l, null, "h", l, "H" + f, Map.of()));
            }
        }
        // every family has all four languages: random-missing can never ask; 6 sources, one in each of the 6 other cells
        QacPlan plan = QacPlanner.plan(docs, TARGETS, QacSetup.listOf("mixed"), QacPlanner.modes("mixed"), false, 2, 6, 1);
        assertThat(cells(plan)).isEqualTo(Map.of("all/general", 1, "all/technical", 1, "random-any/general", 1, "random-any/technical", 1,
                "random-existing/general", 1, "random-existing/technical", 1));
        // one setup alone that fits no family: every source skipped with the reason
        QacPlan none = QacPlanner.plan(docs, TARGETS, List.of(QacSetup.RANDOM_MISSING), QacPlanner.modes("technical"), false, 2, null, 1);
        assertThat(none.items()).isEmpty();
        assertThat(none.skipped()).hasSize(8);
        assertThat(none.skipped().get(0).reason()).startsWith("no setup of [random-missing] gives it a target language");
    }
}
