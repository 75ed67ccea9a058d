package io.clirbench.core.build.qac;

import io.clirbench.core.model.Document;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which questions a QAC build asks for. Sources: {@code one-per-family} (one language version per family, seeded on
 * the family id) or {@code all} (every document). Target languages by {@link QacSetup}, among {@code languages}:
 * random-existing picks (seeded on the docid) one of the family's languages that is a target language,
 * random-missing one target language the family lacks, all takes every target language; a source with nothing to
 * pick is skipped with the reason. Mode: the one given, or with {@code mixed} a seeded pick per (docid, language).
 * Items are in corpus order, then target-language order.
 */
public final class QacPlanner {

    private QacPlanner() {
    }

    public static QacPlan plan(List<Document> corpus, List<String> languages, QacSetup setup, String mode, boolean allSources,
                               long seed) {
        Map<String, List<Document>> families = new LinkedHashMap<>();
        for (Document d : corpus) {
            if (d.family() == null) {
                throw new IllegalArgumentException("document '" + d.id() + "' has no family: a QAC build needs each document's family");
            }
            families.computeIfAbsent(d.family(), f -> new ArrayList<>()).add(d);
        }
        List<Document> sources = new ArrayList<>();
        if (allSources) {
            sources.addAll(corpus);
        } else {
            for (Map.Entry<String, List<Document>> f : families.entrySet()) {
                List<Document> sorted = f.getValue().stream().sorted(java.util.Comparator.comparing(Document::id)).toList();
                sources.add(Seeded.pick(seed, "source:" + f.getKey(), sorted));
            }
        }
        List<QacItem> items = new ArrayList<>();
        List<QacPlan.Skipped> skipped = new ArrayList<>();
        for (Document source : sources) {
            List<String> familyLanguages = new ArrayList<>(new TreeSet<>(families.get(source.family()).stream().map(Document::lang).toList()));
            List<String> targets = switch (setup) {
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
            if (targets.isEmpty()) {
                skipped.add(new QacPlan.Skipped(source.id(), source.family(), setup == QacSetup.RANDOM_EXISTING
                        ? "the family has no version in a target language " + languages
                        : "the family has a version in every target language " + languages));
                continue;
            }
            for (String target : targets) {
                QacMode m = switch (mode) {
                    case "technical" -> QacMode.TECHNICAL;
                    case "general" -> QacMode.GENERAL;
                    case "mixed" -> Seeded.pick(seed, "mode:" + source.id() + ":" + target, List.of(QacMode.TECHNICAL, QacMode.GENERAL));
                    default -> throw new IllegalArgumentException("--mode '" + mode + "' is not one of technical, general, mixed");
                };
                items.add(new QacItem(source, target, m, setup, familyLanguages));
            }
        }
        return new QacPlan(items, skipped);
    }
}
