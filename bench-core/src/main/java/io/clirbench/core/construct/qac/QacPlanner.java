package io.clirbench.core.construct.qac;

import io.clirbench.core.model.Document;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which questions a QAC build asks for, in four steps.
 * <ol>
 * <li><b>Families</b>: a family with fewer distinct languages in the corpus than {@code minLanguages} gets no question
 * (ChemCLIR-Bench keeps families with two or more languages, so every query has a cross-language counterpart); it is
 * recorded as skipped.</li>
 * <li><b>Pool</b>: the sources, {@code one-per-family} (one language version of each remaining family, seeded on the
 * family id) or {@code all} (each of their documents), ranked by a seeded hash of the docid: pool rank 1, 2, ...</li>
 * <li><b>Selection</b>: walking the pool in rank order until {@code maxSources} are selected (null: the whole pool),
 * each source takes a cell (setup × mode) of the mix: among the cells with the fewest <em>questions</em> so far, the
 * first in cell order (setups in the order given, then modes) whose setup gives the source a target language. So the
 * questions are spread over the cells as evenly as they can be (where every setup applies to every source, cells
 * differ by less than one {@code all} source's question count), and the first cells in order take the remainder: the
 * {@code all} setup, asking a source once per language, gets fewer sources. This reproduces the pilot's
 * {@code balanced_100_qac_manifest.csv}: 82 sources, four languages, per mode 13, 13, 12 and 3 × 4 questions. A
 * source no cell can ask is skipped with the reason.</li>
 * <li><b>Targets</b> by {@link QacSetup}, among {@code languages}: random-any one of them, random-existing one the
 * family has, random-missing one it lacks (seeded on the docid), all every one.</li>
 * </ol>
 * Every choice depends on (seed, id) only. Items are in corpus order of their source, then target-language order.
 */
public final class QacPlanner {

    private QacPlanner() {
    }

    public static QacPlan plan(List<Document> corpus, List<String> languages, List<QacSetup> setups, List<QacMode> modes,
                               boolean allSources, int minLanguages, Integer maxSources, long seed) {
        Map<String, List<Document>> families = new LinkedHashMap<>();
        for (Document d : corpus) {
            if (d.family() == null) {
                throw new IllegalArgumentException("document '" + d.id() + "' has no family: a QAC build needs each document's family");
            }
            families.computeIfAbsent(d.family(), f -> new ArrayList<>()).add(d);
        }
        List<QacPlan.Skipped> skipped = new ArrayList<>();
        List<Document> sources = new ArrayList<>();
        for (Map.Entry<String, List<Document>> f : families.entrySet()) {
            List<Document> sorted = f.getValue().stream().sorted(Comparator.comparing(Document::id)).toList();
            TreeSet<String> langs = new TreeSet<>(sorted.stream().map(Document::lang).toList());
            if (langs.size() < minLanguages) {
                skipped.add(new QacPlan.Skipped(sorted.get(0).id(), f.getKey(), "the family has " + langs.size() + " language"
                        + (langs.size() == 1 ? "" : "s") + " " + langs + ", fewer than --min-languages " + minLanguages));
            } else if (allSources) {
                sources.addAll(sorted);
            } else {
                sources.add(Seeded.pick(seed, "source:" + f.getKey(), sorted));
            }
        }
        List<Document> pool = sources.stream()
                .sorted(Comparator.<Document, Long>comparing(d -> Seeded.hash(seed, "rank:" + d.id()), Long::compareUnsigned)
                        .thenComparing(Document::id))
                .toList();
        int cells = setups.size() * modes.size();
        int[] filled = new int[cells]; // questions per cell
        int limit = maxSources == null ? Integer.MAX_VALUE : maxSources;
        int selected = 0;
        List<QacPlan.ManifestRow> manifest = new ArrayList<>();
        Map<String, List<QacItem>> itemsBySource = new LinkedHashMap<>();
        for (int rank = 0; rank < pool.size(); rank++) {
            Document source = pool.get(rank);
            List<String> familyLanguages = new ArrayList<>(new TreeSet<>(families.get(source.family()).stream().map(Document::lang).toList()));
            int cell = -1;
            List<String> targets = List.of();
            if (selected < limit) {
                List<Integer> order = new ArrayList<>();
                for (int c = 0; c < cells; c++) {
                    order.add(c);
                }
                order.sort(Comparator.<Integer>comparingInt(c -> filled[c]).thenComparingInt(c -> c));
                for (int c : order) {
                    targets = targets(setups.get(c / modes.size()), source, familyLanguages, languages, seed);
                    if (!targets.isEmpty()) {
                        cell = c;
                        break;
                    }
                }
                if (cell < 0) {
                    skipped.add(new QacPlan.Skipped(source.id(), source.family(), "no setup of " + setups.stream().map(QacSetup::option)
                            .toList() + " gives it a target language among " + languages + " (the family has " + familyLanguages + ")"));
                }
            }
            if (cell < 0) {
                manifest.add(new QacPlan.ManifestRow(rank + 1, source.id(), source.family(), false, null, null, 0));
                continue;
            }
            filled[cell] += targets.size();
            selected++;
            QacSetup setup = setups.get(cell / modes.size());
            QacMode mode = modes.get(cell % modes.size());
            manifest.add(new QacPlan.ManifestRow(rank + 1, source.id(), source.family(), true, mode, setup, targets.size()));
            List<QacItem> items = new ArrayList<>();
            for (String target : targets) {
                items.add(new QacItem(source, target, mode, setup, familyLanguages));
            }
            itemsBySource.put(source.id(), items);
        }
        List<QacItem> items = new ArrayList<>();
        for (Document d : corpus) {
            items.addAll(itemsBySource.getOrDefault(d.id(), List.of()));
        }
        return new QacPlan(items, manifest, skipped);
    }

    private static List<String> targets(QacSetup setup, Document source, List<String> familyLanguages, List<String> languages, long seed) {
        return switch (setup) {
            case RANDOM_ANY -> List.of(Seeded.pick(seed, "target:" + source.id(), languages));
            case RANDOM_EXISTING -> {
                List<String> options = languages.stream().filter(familyLanguages::contains).toList();
                yield options.isEmpty() ? List.of() : List.of(Seeded.pick(seed, "target:" + source.id(), options));
            }
            case RANDOM_MISSING -> {
                List<String> options = languages.stream().filter(l -> !familyLanguages.contains(l)).toList();
                yield options.isEmpty() ? List.of() : List.of(Seeded.pick(seed, "target:" + source.id(), options));
            }
            case ALL -> languages;
        };
    }

    /** The modes of {@code --mode}: technical, general, or with {@code mixed} both (balanced per source). */
    public static List<QacMode> modes(String mode) {
        return switch (mode) {
            case "technical" -> List.of(QacMode.TECHNICAL);
            case "general" -> List.of(QacMode.GENERAL);
            case "mixed" -> List.of(QacMode.TECHNICAL, QacMode.GENERAL);
            default -> throw new IllegalArgumentException("--mode '" + mode + "' is not one of technical, general, mixed");
        };
    }
}
