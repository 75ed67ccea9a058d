package io.clirbench.core.dataset;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.model.Qrels;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

/**
 * A smaller dataset cut from a larger one by document family, for demos and tests that must
 * finish in minutes: a seeded sample of the families that hold a relevant document, all
 * documents of those families (every language version), and the queries whose relevant
 * documents all remain. Judgments of the queries kept are unchanged, so per-query values on the
 * sample equal those of a run restricted to the sample's corpus.
 */
public final class DatasetSample {

    private DatasetSample() {
    }

    /**
     * @param families how many families to keep (all when the dataset has no more)
     * @param seed     seed of the family draw
     * @return the sample, with id {@code <id>-f<families>s<seed>} and version {@code <version>+f<families>s<seed>}
     */
    public static Dataset byFamilies(Dataset dataset, int families, long seed) {
        if (families < 1) {
            throw new IllegalArgumentException("a sample needs at least 1 family, got " + families);
        }
        Set<String> kept = drawFamilies(dataset, families, seed);
        List<Document> corpus = dataset.corpus().stream().filter(d -> kept.contains(d.family())).toList();
        Set<String> keptDocuments = new HashSet<>();
        corpus.forEach(d -> keptDocuments.add(d.id()));
        Map<String, Map<String, Integer>> judgments = new LinkedHashMap<>();
        dataset.qrels().asMap().forEach((query, grades) -> {
            boolean allRelevantKept = grades.entrySet().stream()
                    .allMatch(g -> g.getValue() <= 0 || keptDocuments.contains(g.getKey()));
            boolean anyRelevant = grades.values().stream().anyMatch(g -> g > 0);
            if (allRelevantKept && anyRelevant) {
                Map<String, Integer> kept2 = new LinkedHashMap<>();
                grades.forEach((doc, grade) -> {
                    if (keptDocuments.contains(doc)) {
                        kept2.put(doc, grade);
                    }
                });
                judgments.put(query, kept2);
            }
        });
        List<Query> queries = dataset.queries().stream().filter(q -> judgments.containsKey(q.id())).toList();
        DatasetInfo info = dataset.info();
        Set<String> languages = new TreeSet<>();
        corpus.forEach(d -> languages.add(d.lang()));
        queries.forEach(q -> languages.add(q.lang()));
        int n = Math.min(families, kept.size());
        DatasetInfo sampleInfo = new DatasetInfo(info.id() + "-f" + n + "s" + seed, info.name() + " (sample of " + n + " families)",
                info.version() + "+f" + n + "s" + seed, info.license(), info.source(), List.copyOf(languages),
                info.familyExpansion());
        return new Dataset(sampleInfo, corpus, queries, Qrels.of(judgments));
    }

    /** A seeded draw among the families holding a relevant document, in sorted order before shuffling. */
    private static Set<String> drawFamilies(Dataset dataset, int families, long seed) {
        Set<String> withGold = new TreeSet<>();
        dataset.qrels().asMap().values().forEach(grades -> grades.forEach((doc, grade) -> {
            Document document = dataset.document(doc);
            if (grade > 0 && document != null) {
                withGold.add(document.family());
            }
        }));
        List<String> candidates = new ArrayList<>(withGold);
        Collections.shuffle(candidates, new Random(seed));
        return new HashSet<>(candidates.subList(0, Math.min(families, candidates.size())));
    }
}
