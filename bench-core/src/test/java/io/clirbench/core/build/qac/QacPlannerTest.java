package io.clirbench.core.build.qac;

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
    void sixteenOfTwentyFourSourcesSpreadTwoPerSetupAndModeWithOneLanguageFamiliesLeftOut() {
        QacPlan plan = mixed(16, 2, 7);
        // G1 and G2 have one language each: skipped, not in the pool
        assertThat(plan.skipped()).extracting(QacPlan.Skipped::family).containsExactly("G1", "G2");
        assertThat(plan.skipped().get(0).reason()).isEqualTo("the family has 1 language [en], fewer than --min-languages 2");
        assertThat(plan.manifest()).hasSize(24);
        assertThat(plan.manifest()).extracting(QacPlan.ManifestRow::poolRank).containsExactlyElementsOf(
                java.util.stream.IntStream.rangeClosed(1, 24).boxed().toList());
        // every source is usable by every cell: the first 16 of the pool are selected
        assertThat(plan.manifest()).allSatisfy(m -> assertThat(m.selected()).isEqualTo(m.poolRank() <= 16));
        // 4 setups x 2 modes = 8 cells, 16 / 8 = 2 each
        assertThat(cells(plan)).isEqualTo(Map.of("all/general", 2, "all/technical", 2, "random-any/general", 2, "random-any/technical", 2,
                "random-existing/general", 2, "random-existing/technical", 2, "random-missing/general", 2, "random-missing/technical", 2));
        // 4 'all' sources x 4 languages + 12 x 1 = 28 questions; 14 per mode
        assertThat(plan.items()).hasSize(28);
        assertThat(plan.items().stream().filter(i -> i.mode() == QacMode.TECHNICAL)).hasSize(14);
        assertThat(plan.manifest().stream().mapToInt(QacPlan.ManifestRow::expectedQuestions).sum()).isEqualTo(28);
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

    private static List<String> selectedFamilies(QacPlan plan) {
        return plan.manifest().stream().filter(QacPlan.ManifestRow::selected).map(QacPlan.ManifestRow::family).sorted().toList();
    }

    @Test
    void withoutMaxSourcesThePoolIsSelectedWholeAndMinLanguagesOneAdmitsOneLanguageFamilies() {
        // 24 sources over 8 cells: 3 each
        assertThat(cells(mixed(null, 2, 7)).values()).containsOnly(3);
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
        // every family has all four languages: random-missing can never ask; 6 sources over the 6 other cells
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
